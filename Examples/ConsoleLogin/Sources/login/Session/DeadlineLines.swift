internal import ConsoleView

/// The terminal's lines, each prompt with a deadline of the process's own (issue 40, F3): when a prompt timeout
/// is set, the process ends (the prompt's timed-out message, exit status 1) if no line came a quarter of a second
/// after it, from a signal handler (``SystemTerminal/setDeadline(after:output:errors:status:)``).
///
/// The terminal's own timeout ends a prompt first, on the thread that reads it; this one is for when that thread
/// never ran. With `ulimit -v` at 40 to 56 MiB, libdispatch could not start it, and `login` waited for ever, the
/// main thread in dispatchMain: a script or a getty never heard back.
@MainActor
final class DeadlineLines: LineSource {
    /// The terminal.
    let base: any LineSource
    /// Sets and cancels the process's deadline.
    let deadlines: ProcessDeadlines
    /// The prompt timeout (``SystemTerminal/promptTimeout``); `nil` for none, and no deadline then.
    var timeout: Duration?
    /// What the process says on standard error when a prompt's deadline passes, for a timeout: set once the run's
    /// language is known.
    var timedOut: (Duration) -> String = { _ in "" }
    /// What it says when reading standard input to its end (`--password-stdin`) passes its deadline.
    var standardInputTimedOut: (Duration) -> String = { _ in "" }
    /// How long after the prompt's own timeout the deadline passes.
    static let grace = Duration.milliseconds(250)
    /// Whether reads never reach the terminal: a test hook of debug builds (`PUREMVVM_TEST_STALL_READS=1`), as
    /// when no thread can read them.
    var stallsReads = false

    /// Creates the source.
    ///
    /// - Parameters:
    ///   - base: The terminal.
    ///   - deadlines: The process's deadline.
    init(base: any LineSource, deadlines: ProcessDeadlines) {
        self.base = base
        self.deadlines = deadlines
    }

    func readLine(prompt: String, hidden: Bool) async -> LineInput {
        guard let timeout else { return await read(prompt: prompt, hidden: hidden) }
        deadlines.set(timeout + Self.grace, "", timedOut(timeout), 1)
        defer { deadlines.cancel() }
        return await read(prompt: prompt, hidden: hidden)
    }

    /// Reads standard input to its end with `read`, within the timeout and its grace, as a prompt.
    ///
    /// - Parameter read: The terminal's read.
    /// - Returns: What it read.
    func readingStandardInput(_ read: () async -> StandardInputContents) async -> StandardInputContents {
        guard let timeout else { return await read() }
        deadlines.set(timeout + Self.grace, "", standardInputTimedOut(timeout), 1)
        defer { deadlines.cancel() }
        if stallsReads { await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
        return await read()
    }

    private func read(prompt: String, hidden: Bool) async -> LineInput {
        if stallsReads { await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
        return await base.readLine(prompt: prompt, hidden: hidden)
    }
}
