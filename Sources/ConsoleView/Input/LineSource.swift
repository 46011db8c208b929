/// Where a console view reads lines from: the terminal, or a script in tests.
///
/// A source writes the prompt itself, so a terminal can turn echo off before the prompt appears and no typed
/// character is ever shown, and it leaves the output at the start of a new line when it returns (the terminal's
/// echo of Enter, or a newline it writes).
@MainActor
public protocol LineSource: AnyObject {
    /// Shows a prompt and reads one line.
    ///
    /// - Parameters:
    ///   - prompt: The prompt, such as `"Username: "`, already sanitised.
    ///   - hidden: Whether the line is secret: a terminal reads it with echo off, from the controlling terminal.
    /// - Returns: The line, the end of the input, or why the line was refused.
    func readLine(prompt: String, hidden: Bool) async -> LineInput
}
