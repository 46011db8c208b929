/// Signs users in against accounts with hashed passwords, such as an ``AccountFile``'s.
///
/// An unknown name and a wrong password fail the same way and take about the same time: for an unknown name the
/// password is still checked, against the first account's hash (same method, same cost), and the answer ignored.
///
/// ```swift
/// let file = try AccountFile(bytes: contents)
/// let authenticator = AccountAuthenticator(accounts: file.accounts, hasher: CryptPasswordHasher())
/// ```
public struct AccountAuthenticator: Authenticator {
    private let accounts: [String: Account]
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
        self.accounts = byName
        dummyHash = accounts.first?.passwordHash
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
        let account = accounts[username]
        guard let hash = account?.passwordHash ?? dummyHash else { throw .invalidCredentials }
        let matches = hasher.verify(password, against: hash)
        guard matches, let account else { throw .invalidCredentials }
        return User(name: account.name)
    }
}
