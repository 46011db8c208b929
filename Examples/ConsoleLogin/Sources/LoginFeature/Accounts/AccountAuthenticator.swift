/// Signs users in against accounts with hashed passwords, such as an ``AccountFile``'s.
///
/// No name can be told from another by the answer, the time or the work a sign-in takes: an unknown name, a
/// locked or unusable entry and a wrong password fail alike, after the same hash checks. Every sign-in checks the
/// password once against one hash of each cost found in the accounts (``AccountHashes``): for a known name, its
/// own hash in its cost's turn; for the others, and for every cost of a name that cannot sign in, a hash of the
/// accounts with that cost, whose answer is ignored. A file that mixes methods or costs (yescrypt and bcrypt 12,
/// sha512crypt at 5,000 and 100,000 rounds) so makes every sign-in cost the sum of one check of each.
///
/// ```swift
/// let file = try AccountFile(bytes: contents)
/// let authenticator = AccountAuthenticator(file: file, hasher: CryptPasswordHasher())
/// ```
public struct AccountAuthenticator: Authenticator {
    /// Where the accounts are found by name.
    private enum Accounts: Sendable {
        /// A dictionary made from a list: each name's account and its position in the list.
        case byName([String: (account: Account, position: Int)])
        /// An account file, through its own index: nothing is copied.
        case file(AccountFile)
    }

    private let accounts: Accounts
    private let hashes: AccountHashes
    private let hasher: any PasswordHasher

    /// Creates an authenticator.
    ///
    /// - Parameters:
    ///   - accounts: The accounts; if a name appears twice, the first entry counts.
    ///   - hasher: Checks passwords against the accounts' hashes.
    public init(accounts: [Account], hasher: any PasswordHasher) {
        var byName: [String: (account: Account, position: Int)] = [:]
        byName.reserveCapacity(accounts.count)
        for (position, account) in accounts.enumerated().reversed() { byName[account.name] = (account, position) }
        self.accounts = .byName(byName)
        hashes = AccountHashes(accounts: accounts, hasher: hasher)
        self.hasher = hasher
    }

    /// Creates an authenticator for an account file's entries, finding them with the file's own index: nothing
    /// is copied or indexed again. Its hashes are checked once, here (``AccountHashes``).
    ///
    /// - Parameters:
    ///   - file: The account file; its names are unique.
    ///   - hasher: Checks passwords against the entries' hashes.
    public init(file: AccountFile, hasher: any PasswordHasher) {
        self.init(file: file, hashes: AccountHashes(file: file, hasher: hasher), hasher: hasher)
    }

    /// Creates an authenticator for an account file whose hashes were already checked, such as by a program that
    /// reported their problems first.
    ///
    /// - Parameters:
    ///   - file: The account file; its names are unique.
    ///   - hashes: What checking the file's hashes with `hasher` found.
    ///   - hasher: Checks passwords against the entries' hashes.
    public init(file: AccountFile, hashes: AccountHashes, hasher: any PasswordHasher) {
        accounts = .file(file)
        self.hashes = hashes
        self.hasher = hasher
    }

    /// Checks a name and password.
    ///
    /// - Parameters:
    ///   - username: The account name.
    ///   - password: The password; not kept once the check is done.
    /// - Returns: The user of the matching account.
    /// - Throws: ``AuthenticationError/invalidCredentials`` for an unknown name, a locked or unusable entry or a
    ///   wrong password, ``AuthenticationError/unavailable`` when a check could not be made (the hashing library
    ///   had no memory for it: no wrong password), and ``AuthenticationError/cancelled`` when the calling task was
    ///   cancelled before the check.
    public func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        if Task.isCancelled { throw .cancelled }
        let found: (position: Int, account: Account)? =
            switch accounts {
            case .byName(let byName): byName[username].map { ($0.position, $0.account) }
            case .file(let file): file.entry(named: username)
            }
        let cost = found.map { hashes.cost(ofEntry: $0.position) } ?? -1
        var matches = false
        do throws(PasswordHashingError) {
            for (position, representative) in hashes.representatives.enumerated() {
                if position == cost, let found {
                    matches = try hasher.check(password, against: found.account.passwordHash)
                } else {
                    _ = try hasher.check(password, against: representative)  // the same work, its answer ignored
                }
            }
        } catch {
            throw .unavailable  // for every name alike: a check that could not be made tells nothing
        }
        guard matches, let found else { throw .invalidCredentials }
        return User(name: found.account.name)
    }
}
