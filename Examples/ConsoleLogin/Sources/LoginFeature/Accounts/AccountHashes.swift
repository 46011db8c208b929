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
    /// Entries whose hash cannot be used, each an ``AccountFileError`` with
    /// ``AccountFileError/Reason/unusableHash(_:)`` and its line (for a list of accounts, its position from 1).
    public private(set) var problems: [AccountFileError] = []
    /// Entries that sign in but whose cost is weak, each an ``AccountFileError`` with
    /// ``AccountFileError/Reason/weakHash(_:)`` and its line.
    public private(set) var warnings: [AccountFileError] = []
    /// How many entries are locked (``AccountFile/isLockedHash(_:)``).
    public private(set) var lockedCount = 0
    /// The most memory one check of a usable hash takes, in bytes (``HashCost/memory``): what a sign-in needs of the
    /// address space for its checks, which run one after another. 0 when the hasher does not tell.
    public private(set) var largestCheckMemory = 0
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
        var survey = Survey()
        let count = file.accountCount
        let costOfEntry = [Int32](unsafeUninitializedCapacity: count) { costs, initialized in
            file.forEachHash(ofEntries: 0..<count) { position, line, hash in
                costs[position] = survey.cost(of: hash, line: line, hasher: hasher)
            }
            initialized = count
        }
        survey.result.costOfEntry = costOfEntry
        self = survey.result
    }

    /// Checks every hash of a list of accounts.
    ///
    /// - Parameters:
    ///   - accounts: The accounts, in order; a problem's line is the account's position, from 1.
    ///   - hasher: The hasher that will verify passwords.
    public init(accounts: [Account], hasher: some PasswordHasher) {
        var survey = Survey()
        survey.result.costOfEntry = accounts.enumerated().map { position, account in
            var hash = account.passwordHash
            return hash.withUTF8 { survey.cost(of: $0, line: position + 1, hasher: hasher) }
        }
        self = survey.result
    }

    private init() {}

    /// The cost's position of the entry at a position, or -1 when it cannot sign in.
    func cost(ofEntry position: Int) -> Int {
        position < costOfEntry.count ? Int(costOfEntry[position]) : -1
    }

    /// The survey in progress: the costs seen, by key, and each distinct settings seen
    /// (``PasswordHasher/settingsLength(of:)``) with its cost, so that a hash whose settings are known is checked after
    /// them only: most files have one.
    private struct Survey {
        var result = AccountHashes()
        var costs: [String: Int32] = [:]
        /// Every settings decoded, by their bytes: the cost's weakness and position.
        var settings: [[UInt8]: Known] = [:]
        /// The settings of the last hash decoded or recognised (empty for none), and what they gave.
        var lastBytes: [UInt8] = []
        var last = Known(weakness: nil, position: -1)

        /// What a settings gave: its cost's weakness and the cost's position in `representatives`.
        struct Known {
            var weakness: HashCost.Weakness?
            var position: Int32
        }

        /// Checks a hash and tells its cost's position in `representatives`, or -1 when it cannot sign in (locked
        /// or unusable); records a problem or a weakness with its line.
        mutating func cost(of hash: UnsafeBufferPointer<UInt8>, line: Int, hasher: some PasswordHasher) -> Int32 {
            if AccountFile.isLockedHash(hash) {
                result.lockedCount += 1
                return -1
            }
            do throws(PasswordHashingError) {
                // Most hashes have the settings of the one before: checked after them only.
                if !lastBytes.isEmpty,
                    try lastBytes.withUnsafeBufferPointer({ settings throws(PasswordHashingError) in
                        try hasher.checkHash(utf8: hash, settings: settings)
                    })
                {
                    return knownCost(line: line)
                }
                let settingsLength = hasher.settingsLength(of: hash)
                if settingsLength > 0, let known = settings[Array(hash[..<settingsLength])],
                    try hasher.checkHash(utf8: hash, settings: UnsafeBufferPointer(rebasing: hash[..<settingsLength]))
                {
                    lastBytes = Array(hash[..<settingsLength])
                    last = known
                    return knownCost(line: line)
                }
                let cost = try hasher.checkingCost(of: hash)
                if let weakness = cost.weakness {
                    result.warnings.append(AccountFileError(.weakHash(weakness), line: line))
                }
                let position: Int32
                if let known = costs[cost.key] {
                    position = known
                } else {
                    position = Int32(result.representatives.count)
                    costs[cost.key] = position
                    result.representatives.append(String(decoding: hash, as: UTF8.self))
                    result.largestCheckMemory = max(result.largestCheckMemory, cost.memory)
                }
                if settingsLength > 0 {
                    lastBytes = Array(hash[..<settingsLength])
                    last = Known(weakness: cost.weakness, position: position)
                    settings[lastBytes] = last
                }
                return position
            } catch {
                result.problems.append(AccountFileError(.unusableHash(error), line: line))
                return -1
            }
        }

        /// The cost of a hash with the `last` settings, whose weakness, if any, is recorded with its line.
        private mutating func knownCost(line: Int) -> Int32 {
            if let weakness = last.weakness {
                result.warnings.append(AccountFileError(.weakHash(weakness), line: line))
            }
            return last.position
        }
    }
}
