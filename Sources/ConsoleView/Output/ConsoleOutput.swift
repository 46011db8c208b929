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

    /// Writes text given as UTF-8 bytes, such as a form's lines built in a buffer, without making a `String` of
    /// them first. The default implementation makes the `String` and calls ``write(_:)``; ``SystemTerminal``
    /// writes the bytes as they are.
    ///
    /// - Parameter utf8: The text's bytes: valid UTF-8, with its own line breaks.
    func write(utf8: UnsafeBufferPointer<UInt8>)
}

extension ConsoleOutput {
    /// Makes a `String` of the bytes and calls ``write(_:)``.
    ///
    /// - Parameter utf8: The text's bytes: valid UTF-8, with its own line breaks.
    public func write(utf8: UnsafeBufferPointer<UInt8>) {
        write(String(decoding: utf8, as: UTF8.self))
    }
}
