/// A standard stream that could not be read or written: the program's output is incomplete, or its input is not
/// what the user gave, so the program must not end as if all went well.
///
/// ```swift
/// if let error = terminal.streamErrors.first {
///     terminal.errors.write("login: \(error.description(in: .english))\n")
///     // "login: cannot write to standard output: No space left on device"
/// }
/// ```
public struct StreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A standard stream.
    public enum Stream: String, Hashable, Sendable {
        /// Standard input (descriptor 0).
        case standardInput = "standard input"
        /// Standard output (descriptor 1).
        case standardOutput = "standard output"
        /// Standard error (descriptor 2).
        case standardError = "standard error"
    }

    /// Why a stream failed.
    public enum Reason: Hashable, Sendable {
        /// The stream was closed when the program started (``SystemTerminal`` holds it open on `/dev/null`, so no
        /// file opened later takes its number, and every read or write of it fails).
        case closedAtStart
        /// The system's explanation (strerror's), such as "No space left on device", kept as it came.
        case system(String)
    }

    /// The stream.
    public var stream: Stream
    /// Why it failed.
    public var reason: Reason

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - stream: The stream.
    ///   - reason: Why it failed.
    public init(_ stream: Stream, reason: Reason) {
        self.stream = stream
        self.reason = reason
    }

    /// Why the stream failed, in a table's language: "it was closed when the program started", or the system's
    /// text as it came.
    ///
    /// - Parameter words: The table of the language.
    /// - Returns: The reason.
    public func reason(in words: ConsoleWords) -> String {
        switch reason {
        case .closedAtStart: words.streamClosedAtStart
        case .system(let text): text
        }
    }

    /// A sentence in a table's language, such as "cannot write to standard output: No space left on device",
    /// without a final full stop.
    ///
    /// - Parameter words: The table of the language.
    /// - Returns: The sentence.
    public func description(in words: ConsoleWords) -> String {
        words.streamError(stream, reason(in: words))
    }

    /// The sentence in English; see ``description(in:)``.
    public var description: String { description(in: .english) }
}
