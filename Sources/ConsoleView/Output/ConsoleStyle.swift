/// Whether console text is coloured, and how.
///
/// Colour is on only when the output is a terminal, `NO_COLOR` is unset or empty (https://no-color.org) and
/// `TERM` is not `dumb`; a pipe or a file never gets an escape sequence.
public struct ConsoleStyle: Hashable, Sendable {
    /// Whether text is coloured with ANSI SGR escape sequences.
    public var usesColor: Bool

    /// Creates a style.
    ///
    /// - Parameter usesColor: Whether to colour text.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// No colour: the style of pipes, files and tests.
    public static let plain = ConsoleStyle(usesColor: false)

    /// The style for an output, by the rules above.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether the output is a terminal.
    ///   - environment: The process environment, such as `ProcessInfo.processInfo.environment`.
    /// - Returns: A coloured style only for a terminal with `NO_COLOR` unset or empty and `TERM` not `dumb`.
    public static func forOutput(isTerminal: Bool, environment: [String: String]) -> ConsoleStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return ConsoleStyle(usesColor: isTerminal && !noColor && environment["TERM"] != "dumb")
    }

    /// A colour or emphasis the console uses.
    public enum Tone: Hashable, Sendable {
        /// Something went right: a valid field, a welcome.
        case success
        /// Something went wrong: an invalid field, an alert.
        case failure
        /// Background information: a neutral field, a busy line.
        case quiet
        /// A heading: the banner.
        case strong
    }

    /// Applies a tone to text.
    ///
    /// - Parameters:
    ///   - text: Text that is already sanitised.
    ///   - tone: The tone.
    /// - Returns: The text wrapped in an SGR sequence and a reset when the style uses colour; otherwise `text`.
    public func paint(_ text: String, _ tone: Tone) -> String {
        guard usesColor, !text.isEmpty else { return text }
        return Self.start(of: tone).description + text + Self.reset.description
    }

    /// The SGR sequence that starts a tone.
    static func start(of tone: Tone) -> StaticString {
        switch tone {
        case .success: "\u{1B}[32m"
        case .failure: "\u{1B}[31m"
        case .quiet: "\u{1B}[2m"
        case .strong: "\u{1B}[1m"
        }
    }

    /// The SGR sequence that ends a tone.
    static let reset: StaticString = "\u{1B}[0m"
}
