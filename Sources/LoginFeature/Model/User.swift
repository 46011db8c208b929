/// A signed-in user.
public struct User: Hashable, Sendable {
    /// The account name the user signed in with.
    public var name: String

    /// Creates a user.
    ///
    /// - Parameter name: The account name.
    public init(name: String) {
        self.name = name
    }
}
