/// A message a ViewModel asks its view to show, such as a failed sign-in.
///
/// The ViewModel decides the words; the view decides how they look (a dialog, a line on a console).
public struct Alert: Hashable, Sendable {
    /// A short headline, such as "Sign-in failed".
    public var title: String
    /// The explanation, such as "Wrong username or password."
    public var message: String

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - title: A short headline.
    ///   - message: The explanation.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}
