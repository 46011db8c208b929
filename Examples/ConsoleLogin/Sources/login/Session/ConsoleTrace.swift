internal import ConsoleView
internal import Gallery
internal import LoginFeature

/// `--trace`: the messages between a login screen's roles, printed as a line-mode sequence diagram in the
/// session's own output, where they happen. Each line starts with ``prefix`` and is dim on a terminal, so it
/// reads as a side channel; the roles are padded to the longest of the screen's, so the arrows and the messages
/// line up:
///
/// ```
///   ┊ MVP: Widgets, View, Presenter, Service, Authenticator, Clock
///   ┊ Widgets   → View       widgets(didEnter: "dim", in: .username)
///   ┊ View      → Presenter  usernameDidEnter("dim")
///   ┊ Presenter → View       showBorder(.invalid(["Must be at least 6 characters."]), of: .username)
/// ```
///
/// Every line is sanitised: a username is printed as the form prints it. Passwords never reach it (the gallery
/// masks them). The lines are code (roles, Swift calls, values), the same in either language; only the
/// pattern's name in the first line is said in the session's (``LoginPattern/title(in:)``).
@MainActor
final class ConsoleTrace: LoginTraceSink {
    /// What starts every trace line.
    static let prefix = "  ┊ "

    private let output: any ConsoleOutput
    private let style: ConsoleStyle
    private let language: Language
    private var width = 0

    /// Creates the trace.
    ///
    /// - Parameters:
    ///   - output: Where the session writes.
    ///   - style: Whether to colour (dim) the lines.
    ///   - language: The language of the pattern's name.
    init(output: any ConsoleOutput, style: ConsoleStyle, language: Language) {
        self.output = output
        self.style = style
        self.language = language
    }

    func screenDidStart(_ pattern: LoginPattern, roles: [LoginRole]) {
        width = roles.map(\.name.count).max() ?? 0
        write(pattern.title(in: language) + ": " + roles.map(\.name).joined(separator: ", "))
    }

    func record(_ message: LoginMessage) {
        write(padded(message.sender) + " " + message.arrow + " " + padded(message.receiver) + "  " + message.text)
    }

    private func padded(_ role: LoginRole) -> String {
        role.name + String(repeating: " ", count: max(0, width - role.name.count))
    }

    private func write(_ line: String) {
        output.write(style.paint(Self.prefix + ConsoleText.sanitized(line), .quiet) + "\n")
    }
}
