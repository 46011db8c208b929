/// Which part of the text a pattern rule's regular expression must match.
///
/// Match ``anywhere`` rather than padding a pattern with `.*`: in Swift `Regex`, `.` does not match a newline
/// unless the pattern says so (`(?s)` or `.dotMatchesNewlines()`), so `/.*[0-9].*/` fails on "abc\n123" while
/// `.pattern(/[0-9]/, match: .anywhere)` passes it.
public enum PatternMatch: Hashable, Sendable {
    /// The whole text, from its start to its end (`wholeMatch(in:)`); the default.
    case wholeText
    /// The start of the text (`prefixMatch(in:)`): "starts with".
    case prefix
    /// Any part of the text (`firstMatch(in:)`): "contains".
    case anywhere
}
