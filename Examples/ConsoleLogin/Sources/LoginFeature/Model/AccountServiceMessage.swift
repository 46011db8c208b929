/// A message the account service gave while signing in, such as PAM's "Your password will expire in 3 days":
/// the user should see it, and the view shows it (sanitised: it comes from outside the program).
///
/// An authenticator passes the messages of a successful sign-in on in ``User/messages``. After wrong credentials
/// it drops them: what a service says about an unknown name could tell an attacker which names exist.
public struct AccountServiceMessage: Hashable, Sendable {
    /// How the service meant the message.
    public enum Kind: Hashable, Sendable {
        /// Information, such as the time of the last sign-in.
        case info
        /// An error or warning, such as a password about to expire.
        case error
    }

    /// How the service meant the message.
    public var kind: Kind
    /// The text as the service wrote it, one line.
    public var text: String

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - kind: Information or an error.
    ///   - text: The text as the service wrote it.
    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}
