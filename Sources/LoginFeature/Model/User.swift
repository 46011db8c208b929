/// A signed-in user.
public struct User: Hashable, Sendable {
    /// The account name the user signed in with, as the account service knows it.
    public var name: String
    /// What the account service told the user while signing in, in order (PAM's information and error messages);
    /// empty for most services.
    public var messages: [AccountServiceMessage]

    /// Creates a user.
    ///
    /// - Parameters:
    ///   - name: The account name.
    ///   - messages: What the account service said while signing in; none by default.
    public init(name: String, messages: [AccountServiceMessage] = []) {
        self.name = name
        self.messages = messages
    }
}
