/// Why ``ConsoleForm/run(reading:)`` returned.
public enum ConsoleFormEnd: Hashable, Sendable {
    /// The code behind the form closed it, for example after a sign-in succeeded or the last attempt failed.
    case closed
    /// The user typed `:quit`.
    case quit
    /// The input ended (Ctrl-D, the end of a pipe), hidden input was needed with no terminal, or the task running
    /// the form was cancelled.
    case endOfInput
    /// A prompt waited longer than the line source's timeout (``SystemTerminal/promptTimeout``) for a line.
    case timedOut
}
