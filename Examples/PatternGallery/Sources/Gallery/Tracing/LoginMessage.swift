/// One message of a traced login screen: a call from one role to another, or the value a call returned.
///
/// ```swift
/// LoginMessage(.call, from: .view, to: .presenter, "usernameDidEnter(\"dim\")").description
/// // View → Presenter  usernameDidEnter("dim")
/// LoginMessage(.reply, from: .interactor, to: .presenter, "return []").description
/// // Interactor ⇢ Presenter  return []
/// ```
///
/// ``text`` is written as Swift would write the call, with one difference: every password is masked as
/// `"•••"`, whatever its length, so no trace ever holds one. Other text the user typed (a username) is in
/// it as typed, quoted: a sink that prints it must sanitise it first.
public struct LoginMessage: Hashable, Sendable, CustomStringConvertible {
    /// Whether a message is a call or the answer to one.
    public enum Kind: Hashable, Sendable {
        /// A call: a method, a property set or a closure, with its arguments.
        case call
        /// What a call returned (`return …`) or threw (`throw …`), sent back to its caller.
        case reply
    }

    /// Whether it is a call or a reply.
    public var kind: Kind
    /// The role that sends it: the caller of a call, the callee of a reply.
    public var sender: LoginRole
    /// The role that receives it.
    public var receiver: LoginRole
    /// The call with its arguments, such as `setBorder(.valid, of: .username)`, or the reply, such as
    /// `return User(name: "dimsky")`. Passwords are masked; the user's other text is not sanitised.
    public var text: String

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - kind: A call or a reply.
    ///   - sender: The role that sends it.
    ///   - receiver: The role that receives it.
    ///   - text: The call or the reply, passwords masked.
    public init(_ kind: Kind, from sender: LoginRole, to receiver: LoginRole, _ text: String) {
        self.kind = kind
        self.sender = sender
        self.receiver = receiver
        self.text = text
    }

    /// The arrow between the roles: `→` for a call, `⇢` for a reply.
    public var arrow: String {
        switch kind {
        case .call: "→"
        case .reply: "⇢"
        }
    }

    /// The message as one line of a sequence diagram, such as `View → Presenter  usernameDidEnter("dim")`.
    public var description: String {
        "\(sender.name) \(arrow) \(receiver.name)  \(text)"
    }
}
