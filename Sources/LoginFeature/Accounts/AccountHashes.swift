/// What checking every stored hash of an account file (or a list of accounts) found: which entries can sign in and
/// at what cost (``HashCost``), which are locked, which cannot be used and why, and which are weak.
///
/// - A locked entry (``AccountFile/isLockedHash(_:)``: `*`, `!`, or a hash starting with `!`, as shadow(5) writes
///   them) locks only its own account, silently: it is what an administrator asked for.
/// - An entry whose hash the hasher cannot use (another method such as md5crypt, a malformed hash, a setting
///   without its hash such as `$6$salt$`) locks only its own account too, and is reported with its line in
///   ``problems``.
/// - An entry whose cost is weak (bcrypt below 10, sha512crypt below 5,000 rounds) still signs in, and is reported
///   in ``warnings``.
///
/// ``AccountAuthenticator`` uses it to make every sign-in cost the same: one check against one hash of each cost
/// found (``costCount``), the named entry's own hash in its cost's turn.
public struct AccountHashes: Sendable {
    /// Entries whose hash cannot be used, each an ``AccountFileError`` with ``AccountFileError/Reason/unusableHash(_:)``
    /// and its line (for a list of accounts, its position from 1).
    public private(set) var problems: [AccountFileError] = []
    /// Entries that sign in but whose cost is weak, each an ``AccountFileError`` with
    /// ``AccountFileError/Reason/weakHash(_:)`` and its line.
    public private(set) var warnings: [AccountFileError] = []
    /// How many entries are locked (``AccountFile/isLockedHash(_:)``).
    public private(set) var lockedCount = 0
    /// One hash of each cost found, in the order first met: each sign-in checks against every one of them.
    private(set) var representatives: [String] = []
    /// Per entry, in order: the position of its cost in ``representatives``, or -1 when it cannot sign in
    /// (locked or unusable).
    private(set) var costOfEntry: [Int32] = []

    /// How many different costs the usable hashes have: the number of hash checks every sign-in makes.
    public var costCount: Int {
        representatives.count
    }

    /// Checks every hash of an account file.
    ///
    /// - Parameters:
    ///   - file: The account file.
    ///   - hasher: The hasher that will verify passwords.
    public init(file: AccountFile, hasher: some PasswordHasher) {
        var survey = Survey(count: file.accountCount)
        file.forEachHash(ofEntries: 0..<file.accountCount) { position, line, hash in
            survey.add(hash, line: line, hasher: hasher)
        }
        self = survey.result
    }

    /// Checks every hash of a list of accounts.
    ///
    /// - Parameters:
    ///   - accounts: The accounts, in order; a problem's line is the account's position, from 1.
    ///   - hasher: The hasher that will verify passwords.
    public init(accounts: [Account], hasher: some PasswordHasher) {
        var survey = Survey(count: accounts.count)
        for (position, account) in accounts.enumerated() {
            var hash = account.passwordHash
            hash.withUTF8 { survey.add($0, line: position + 1, hasher: hasher) }
        }
        self = survey.result
    }

    private init() {}

    /// The cost's position of the entry at a position, or -1 when it cannot sign in.
    func cost(ofEntry position: Int) -> Int {
        position < costOfEntry.count ? Int(costOfEntry[position]) : -1
    }

    /// The survey in progress: the costs seen, by key, and the last one, since most files use one cost throughout.
    private struct Survey {
        var result = AccountHashes()
        var costs: [String: Int32] = [:]
        var last: (key: String, position: Int32)?

        init(count: Int) {
            result.costOfEntry.reserveCapacity(count)
        }

        mutating func add(_ hash: UnsafeBufferPointer<UInt8>, line: Int, hasher: some PasswordHasher) {
            if AccountFile.isLockedHash(hash) {
                result.lockedCount += 1
                result.costOfEntry.append(-1)
                return
            }
            let cost: HashCost
            do throws(PasswordHashingError) {
                cost = try hasher.checkingCost(of: hash)
            } catch {
                result.problems.append(AccountFileError(.unusableHash(error), line: line))
                result.costOfEntry.append(-1)
                return
            }
            if let weakness = cost.weakness {
                result.warnings.append(AccountFileError(.weakHash(weakness), line: line))
            }
            if let last, last.key == cost.key {
                result.costOfEntry.append(last.position)
                return
            }
            let position: Int32
            if let known = costs[cost.key] {
                position = known
            } else {
                position = Int32(result.representatives.count)
                costs[cost.key] = position
                result.representatives.append(String(decoding: hash, as: UTF8.self))
            }
            last = (cost.key, position)
            result.costOfEntry.append(position)
        }
    }
}
