/// An in-memory terminal for tests: it types scripted lines when asked, and records everything in order, the
/// console's output and each read, so a test can compare a whole screen.
///
/// Typed lines go through the same ``LineDecoder`` as a real terminal's, so an over-long line or invalid UTF-8 is
/// refused the same way. After the script, every read gets ``LineInput/endOfInput``. Like a terminal, each read
/// leaves the screen at the start of a line.
///
/// ```swift
/// let terminal = ScriptedTerminal(
///     typing: [.line("dimsky"), .line("balabala")])
/// let form = ConsoleForm<LoginField>(actionTitle: "Sign in", output: terminal)
/// await form.run(reading: terminal)
/// terminal.events
/// // [.output("Username: "), .read(.line("dimsky"), hidden: false), …]
/// ```
@MainActor
public final class ScriptedTerminal: LineSource, ConsoleOutput {
    /// One thing the user types.
    public enum Keystrokes: Hashable, Sendable {
        /// A line of bytes, then Enter; the bytes need not be valid UTF-8 but must not hold a line break.
        case bytes([UInt8])
        /// Ctrl-D at the start of a line: the end of the input.
        case endOfInput
        /// Bytes typed without Enter, then the end of the input: Ctrl-D on a non-empty line (at a real terminal,
        /// the first Ctrl-D hands the bytes over and a second ends the input). The bytes must not hold a line break.
        case unfinishedBytes([UInt8])
        /// Nothing, until the prompt's timeout: the read answers ``LineInput/timedOut`` at once (no time passes).
        case timeout

        /// A line of text, then Enter.
        ///
        /// - Parameter text: The text, typed as UTF-8.
        /// - Returns: The keystrokes.
        public static func line(_ text: String) -> Keystrokes { .bytes(Array(text.utf8)) }

        /// Text typed without Enter, then the end of the input (Ctrl-D).
        ///
        /// - Parameter text: The text, typed as UTF-8.
        /// - Returns: The keystrokes.
        public static func unfinished(_ text: String) -> Keystrokes { .unfinishedBytes(Array(text.utf8)) }
    }

    /// What happened on the screen, in order.
    public enum Event: Hashable, Sendable {
        /// The console wrote text (including prompts).
        case output(String)
        /// The console read; the user typed these keystrokes, at a hidden prompt or not.
        case read(Keystrokes, hidden: Bool)
    }

    /// Everything that happened, in order.
    public private(set) var events: [Event] = []
    private var script: [Keystrokes]
    private var decoder = LineDecoder()

    /// Creates a terminal that will type a script.
    ///
    /// - Parameter script: What the user types, one entry per read.
    public init(typing script: [Keystrokes]) {
        self.script = script
    }

    /// Everything the console wrote, without what was typed: a secret typed at a hidden prompt must never be in it.
    public var output: String {
        events.reduce(into: "") { text, event in
            if case .output(let written) = event { text += written }
        }
    }

    /// Records the text.
    ///
    /// - Parameter text: What the console wrote.
    public func write(_ text: String) {
        if case .output(let previous) = events.last {
            events[events.count - 1] = .output(previous + text)
        } else {
            events.append(.output(text))
        }
    }

    /// Writes the prompt, then types the next scripted keystrokes.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - hidden: Whether the read is hidden; recorded, since a terminal would not show the keystrokes.
    /// - Returns: The line as a terminal would give it, ``LineInput/endOfInput`` after the script.
    public func readLine(prompt: String, hidden: Bool) async -> LineInput {
        write(prompt)
        let keystrokes = script.isEmpty ? .endOfInput : script.removeFirst()
        events.append(.read(keystrokes, hidden: hidden))
        switch keystrokes {
        case .bytes(let bytes):
            precondition(!bytes.contains(UInt8(ascii: "\n")), "a scripted line must not contain a line break")
            decoder.append(bytes + [UInt8(ascii: "\n")])
            return decoder.nextLine(atEndOfInput: false) ?? .endOfInput
        case .endOfInput:
            return .endOfInput
        case .unfinishedBytes(let bytes):
            precondition(!bytes.contains(UInt8(ascii: "\n")), "unfinished bytes must not contain a line break")
            decoder.append(bytes)
            return decoder.nextLine(atEndOfInput: true) ?? .endOfInput
        case .timeout:
            return .timedOut
        }
    }
}
