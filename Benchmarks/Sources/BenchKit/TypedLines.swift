/// A row measured per line typed at a terminal: a program started on a new pseudo-terminal, its controlling
/// terminal, where the harness types a line each time the prompt shows, as a user types (one line per read).
///
/// Time per line is the time from the first prompt to the prompt after the last line, divided by the lines;
/// instructions and allocations per line are the difference of callgrind's totals for a run that types `n` lines
/// and one that types `2n`, divided by `n`, so the program's start and end cancel. Every run checks what the
/// terminal showed for the typed lines (each line's echo, what the program wrote for it, and the next prompt)
/// against ``expected``, as a per-event row checks its checksum.
///
/// ```swift
/// TypedLines(prompt: "Username: ", exitStatus: 1, line: { $0 % 2 == 0 ? "dim" : "dim sky" },
///            expected: { … }) { [try Startup.releaseProduct("login")] }
/// ```
public struct TypedLines: Sendable {
    /// What one unit of work is called in the table.
    public let unit: String
    /// The prompt the program shows before each line.
    public let prompt: String
    /// The status the program must exit with once its input ended (Ctrl-D) after the last line.
    public let exitStatus: Int32
    /// Variables added to the program's environment, such as those that decide colour.
    public let environment: [String: String]
    /// The lines of the shorter callgrind run (the longer types twice as many).
    public let callgrindLines: Int
    /// The line typed at the `n`th prompt after the first, counted from 0, without its line break.
    public let line: @Sendable (Int) -> String
    /// What the terminal shows after the `n`th line is typed, up to and including the next prompt: the line's
    /// echo (with `\r\n`, as a terminal shows a line break), what the program wrote for it, and the prompt.
    public let expected: @Sendable (Int) -> String
    /// Returns the command to run (the program's path, then its arguments), building it first if need be.
    public let command: @Sendable () throws -> [String]

    /// Describes a typed-line row.
    ///
    /// - Parameters:
    ///   - unit: What one unit of work is called in the table; `line` by default.
    ///   - prompt: The prompt the program shows before each line.
    ///   - exitStatus: The status the program must exit with at the end of its input; 0 by default.
    ///   - environment: Variables added to the program's environment.
    ///   - callgrindLines: The lines of the shorter callgrind run; 500 by default.
    ///   - line: The line typed at the `n`th prompt, counted from 0.
    ///   - expected: What the terminal shows after the `n`th line, up to and including the next prompt.
    ///   - command: Returns the program's path and arguments, building it first if need be.
    public init(
        unit: String = "line",
        prompt: String,
        exitStatus: Int32 = 0,
        environment: [String: String] = [:],
        callgrindLines: Int = 500,
        line: @escaping @Sendable (Int) -> String,
        expected: @escaping @Sendable (Int) -> String,
        command: @escaping @Sendable () throws -> [String]
    ) {
        self.unit = unit
        self.prompt = prompt
        self.exitStatus = exitStatus
        self.environment = environment
        self.callgrindLines = callgrindLines
        self.line = line
        self.expected = expected
        self.command = command
    }

    /// The child-process streams of a run that types `count` lines.
    func streams(lines count: Int) -> ChildProcess.Streams {
        .terminalTyping((0..<count).map(line), after: prompt)
    }

    /// The outcome of a run that typed `count` lines: a checksum of what the terminal should show for them, and
    /// the number of lines.
    func expectedOutcome(lines count: Int) -> Outcome {
        Self.outcome(transcript: (0..<count).map(expected).joined(), lines: count)
    }

    /// The outcome of a run: a checksum of the transcript of its typed lines, and the number of lines.
    static func outcome(transcript: String, lines: Int) -> Outcome {
        var checksum = Checksum()
        for byte in transcript.utf8 { checksum.add(Int(byte)) }
        return Outcome(checksum: checksum.value, renders: lines)
    }
}
