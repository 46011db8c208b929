/// A signed-in user.
public struct User: Hashable, Sendable {
    /// The account name the user signed in with, as the account service knows it.
    public var name: String
    /// The user's full name as the system's account database has it (the first field of the passwd entry's
    /// GECOS field, which nss-pam-ldapd and sssd fill from a directory's `gecos` or `cn`); `nil` when it has none.
    /// The home screen greets the user by it, or by ``name`` without it.
    public var fullName: String?
    /// What the account service told the user while signing in, in order (PAM's information and error messages);
    /// empty for most services.
    public var messages: [AccountServiceMessage]

    /// Creates a user.
    ///
    /// - Parameters:
    ///   - name: The account name.
    ///   - fullName: The full name the account database gives, if any; none by default.
    ///   - messages: What the account service said while signing in; none by default.
    public init(name: String, fullName: String? = nil, messages: [AccountServiceMessage] = []) {
        self.name = name
        self.fullName = fullName
        self.messages = messages
    }

    /// The name to greet the user by: the full name, or else the account name.
    public var displayName: String { fullName ?? name }
}
