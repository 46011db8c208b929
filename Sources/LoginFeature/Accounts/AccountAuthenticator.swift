/// Signs users in against accounts with hashed passwords, such as an ``AccountFile``'s.
///
/// An unknown name and a wrong password fail the same way and take about the same time: for an unknown name the
/// password is still checked, against the first account's hash (same method, same cost), and the answer ignored.
///
/// ```swift
/// let file = try AccountFile(bytes: contents)
/// let authenticator = AccountAuthenticator(file: file, hasher: CryptPasswordHasher())
/// ```
public struct AccountAuthenticator: Authenticator {
    /// Where the accounts are found by name.
    private enum Accounts: Sendable {
        /// A dictionary made from a list.
        case byName([String: Account])
        /// An account file, through its own index: nothing is copied.
        case file(AccountFile)
    }

    private let accounts: Accounts
    private let dummyHash: String?
    private let hasher: any PasswordHasher

    /// Creates an authenticator.
    ///
    /// - Parameters:
    ///   - accounts: The accounts; if a name appears twice, the first entry counts.
    ///   - hasher: Checks passwords against the accounts' hashes.
    public init(accounts: [Account], hasher: any PasswordHasher) {
        var byName: [String: Account] = [:]
        byName.reserveCapacity(accounts.count)
        for account in accounts.reversed() { byName[account.name] = account }  // the first entry is set last
        self.accounts = .byName(byName)
        dummyHash = accounts.first?.passwordHash
        self.hasher = hasher
    }

    /// Creates an authenticator for an account file's entries, finding them with the file's own index: nothing
    /// is copied or indexed again, so it costs the same for 100,000 entries as for one.
    ///
    /// - Parameters:
    ///   - file: The account file; its names are unique.
    ///   - hasher: Checks passwords against the entries' hashes.
    public init(file: AccountFile, hasher: any PasswordHasher) {
        accounts = .file(file)
        dummyHash = file.firstAccount?.passwordHash
        self.hasher = hasher
    }

    /// Checks a name and password.
    ///
    /// - Parameters:
    ///   - username: The account name.
    ///   - password: The password; not kept once the check is done.
    /// - Returns: The user of the matching account.
    /// - Throws: ``AuthenticationError/invalidCredentials`` for an unknown name or a wrong password, and
    ///   ``AuthenticationError/cancelled`` when the calling task was cancelled before the check.
    public func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        if Task.isCancelled { throw .cancelled }
        let account =
            switch accounts {
            case .byName(let byName): byName[username]
            case .file(let file): file.account(named: username)
            }
        guard let hash = account?.passwordHash ?? dummyHash else { throw .invalidCredentials }
        let matches = hasher.verify(password, against: hash)
        guard matches, let account else { throw .invalidCredentials }
        return User(name: account.name)
    }
}
