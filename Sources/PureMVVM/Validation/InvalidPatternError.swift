/// A pattern given as a string that is not a valid regular expression: what `ValidationRule.pattern(_:match:message:)`
/// throws when its pattern is a `String` it cannot parse.
public struct InvalidPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern as given.
    public let pattern: String
    /// What the regular expression parser said.
    public let reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - pattern: The pattern as given.
    ///   - reason: Why it is not valid.
    public init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }

    /// "invalid pattern "[a-z": …", naming the pattern and the parser's reason.
    public var description: String {
        "invalid pattern \"\(pattern)\": \(reason)"
    }
}
