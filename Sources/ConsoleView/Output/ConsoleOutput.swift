/// Where a console view writes: the terminal's standard output, or memory in tests.
///
/// Writes are whole pieces of text, already styled and sanitised; an implementation writes them as they come,
/// unbuffered, so a prompt shows before the program waits for input.
@MainActor
public protocol ConsoleOutput: AnyObject {
    /// Writes text.
    ///
    /// - Parameter text: The text, with its own line breaks.
    func write(_ text: String)
}
