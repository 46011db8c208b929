/// An account a user can sign in to: a name and the salted hash of its password.
public struct Account: Hashable, Sendable {
    /// The name the user types.
    public var name: String
    /// The password's one-way hash, such as a crypt(3) string `$y$j9T$…`; never the password itself.
    public var passwordHash: String

    /// Creates an account.
    ///
    /// - Parameters:
    ///   - name: The name the user types.
    ///   - passwordHash: The password's hash, made by a ``PasswordHasher``.
    public init(name: String, passwordHash: String) {
        self.name = name
        self.passwordHash = passwordHash
    }
}
