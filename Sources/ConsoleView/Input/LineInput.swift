/// What a ``LineSource`` read: a line, the end of the input, or a line it refused.
public enum LineInput: Hashable, Sendable {
    /// A line of valid UTF-8 text, without its line break, never shortened.
    case line(String)
    /// The input ended (Ctrl-D at a terminal, the end of a pipe); text typed after the last line break (Ctrl-D on
    /// a non-empty line) is dropped, never a line.
    case endOfInput
    /// No line came within the source's timeout (``SystemTerminal/promptTimeout``); what was typed of the line
    /// so far is dropped.
    case timedOut
    /// A line was typed but refused; the reader skipped it entirely.
    case rejected(LineRejection)
}
