/// The console view's own words in one language: ``english`` or ``chinese``, or a table of your own for a third.
///
/// ``ConsoleForm`` says them around what its caller gives it (labels, messages, alerts, the action's title), so a
/// caller picks the table of the language it shows everything else in, and a run never mixes two:
///
/// ```swift
/// let form = ConsoleForm<LoginField>(
///     actionTitle: "登录", output: terminal, words: .chinese)
/// // 用户名：dim
/// //   ✗ 用户名 "dim"：至少需要 6 个字符。
/// ```
///
/// The initialiser asks for every entry, so a new language cannot miss one.
public struct ConsoleWords: Sendable {
    /// What follows a label in a prompt, a field's status line, an alert's title and the action's line: `": "`
    /// or `"："`.
    public var separator: String
    /// What separates two sentences on a line (two of a field's messages, a refusal and its hint): `" "`, or
    /// `""` after a Chinese full stop.
    public var sentenceSeparator: String
    /// The action's line when it can run: "enabled".
    public var enabled: String
    /// The action's line when it cannot: "disabled".
    public var disabled: String
    /// A form submitted while its action cannot run: "Sign in is not enabled."
    public var actionNotEnabled: @Sendable (_ actionTitle: String) -> String
    /// A command the form does not know, as typed (sanitised): "Unknown command \":what\"."
    public var unknownCommand: @Sendable (_ command: String) -> String
    /// What follows an unknown command: "Type :help for the list."
    public var unknownCommandHint: String
    /// `:help`'s text, for a form whose action is `actionTitle`, ending with a newline.
    public var help: @Sendable (_ actionTitle: String) -> String
    /// ``LineRejection/tooLong(maximumBytes:)``: "The line is longer than 1024 bytes; nothing of it was used."
    public var lineTooLong: @Sendable (_ maximumBytes: Int) -> String
    /// ``LineRejection/invalidUTF8``: "The line is not valid UTF-8 text; nothing of it was used."
    public var lineNotUTF8: String
    /// ``LineRejection/noTerminal``: "Hidden input needs a terminal, and there is none."
    public var noTerminal: String
    /// ``StreamError``'s sentence, from its stream and its reason (already in this language): "cannot write to
    /// standard output: No space left on device".
    public var streamError: @Sendable (_ stream: StreamError.Stream, _ reason: String) -> String
    /// ``StreamError/Reason/closedAtStart``: "it was closed when the program started".
    public var streamClosedAtStart: String
    /// The prompt of an alert's choice of buttons: "Choose 1-2: ".
    public var choicePrompt: @Sendable (_ count: Int) -> String
    /// The refusal of a line that names no button: "Type a number from 1 to 2, or a button's name."
    public var choiceRefused: @Sendable (_ count: Int) -> String

    /// Creates a table; every entry is needed, so a new language cannot miss one.
    ///
    /// - Parameters:
    ///   - separator: See ``separator``.
    ///   - sentenceSeparator: See ``sentenceSeparator``.
    ///   - enabled: See ``enabled``.
    ///   - disabled: See ``disabled``.
    ///   - actionNotEnabled: See ``actionNotEnabled``.
    ///   - unknownCommand: See ``unknownCommand``.
    ///   - unknownCommandHint: See ``unknownCommandHint``.
    ///   - help: See ``help``.
    ///   - lineTooLong: See ``lineTooLong``.
    ///   - lineNotUTF8: See ``lineNotUTF8``.
    ///   - noTerminal: See ``noTerminal``.
    ///   - streamError: See ``streamError``.
    ///   - streamClosedAtStart: See ``streamClosedAtStart``.
    ///   - choicePrompt: See ``choicePrompt``.
    ///   - choiceRefused: See ``choiceRefused``.
    public init(
        separator: String,
        sentenceSeparator: String,
        enabled: String,
        disabled: String,
        actionNotEnabled: @escaping @Sendable (_ actionTitle: String) -> String,
        unknownCommand: @escaping @Sendable (_ command: String) -> String,
        unknownCommandHint: String,
        help: @escaping @Sendable (_ actionTitle: String) -> String,
        lineTooLong: @escaping @Sendable (_ maximumBytes: Int) -> String,
        lineNotUTF8: String,
        noTerminal: String,
        streamError: @escaping @Sendable (_ stream: StreamError.Stream, _ reason: String) -> String,
        streamClosedAtStart: String,
        choicePrompt: @escaping @Sendable (_ count: Int) -> String,
        choiceRefused: @escaping @Sendable (_ count: Int) -> String
    ) {
        self.separator = separator
        self.sentenceSeparator = sentenceSeparator
        self.enabled = enabled
        self.disabled = disabled
        self.actionNotEnabled = actionNotEnabled
        self.unknownCommand = unknownCommand
        self.unknownCommandHint = unknownCommandHint
        self.help = help
        self.lineTooLong = lineTooLong
        self.lineNotUTF8 = lineNotUTF8
        self.noTerminal = noTerminal
        self.streamError = streamError
        self.streamClosedAtStart = streamClosedAtStart
        self.choicePrompt = choicePrompt
        self.choiceRefused = choiceRefused
    }

    /// The sentence for a refused line.
    ///
    /// - Parameter rejection: Why the line was refused.
    /// - Returns: The sentence, such as "The line is not valid UTF-8 text; nothing of it was used."
    public func sentence(for rejection: LineRejection) -> String {
        switch rejection {
        case .tooLong(let maximumBytes): lineTooLong(maximumBytes)
        case .invalidUTF8: lineNotUTF8
        case .noTerminal: noTerminal
        }
    }
}
