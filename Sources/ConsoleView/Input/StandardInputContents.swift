/// What reading standard input to its end gave (``SystemTerminal/readStandardInputToEnd(maximumBytes:)``): its bytes,
/// or why there are none. A read error is never taken for an empty input.
public enum StandardInputContents: Hashable, Sendable {
    /// The bytes, up to the end of the input.
    case bytes([UInt8])
    /// More bytes than the limit asked for; the rest was not read.
    case tooLong
    /// The input did not end within the terminal's ``SystemTerminal/promptTimeout``.
    case timedOut
    /// The input could not be read (it is closed, or the system refused), with the system's reason.
    case unreadable(StreamError)
}
