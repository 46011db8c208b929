/// A standard stream that could not be read or written: the program's output is incomplete, or its input is not
/// what the user gave, so the program must not end as if all went well.
///
/// ```swift
/// if let error = terminal.streamErrors.first {
///     terminal.errors.write("login: \(error)\n")   // "cannot write to standard output: No space left on device"
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

    /// The stream.
    public var stream: Stream
    /// Why, as the system explains it, such as "No space left on device", or "it was closed when the program
    /// started".
    public var reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - stream: The stream.
    ///   - reason: Why it failed.
    public init(_ stream: Stream, reason: String) {
        self.stream = stream
        self.reason = reason
    }

    /// A sentence such as "cannot write to standard output: No space left on device".
    public var description: String {
        switch stream {
        case .standardInput: "cannot read \(stream.rawValue): \(reason)"
        case .standardOutput, .standardError: "cannot write to \(stream.rawValue): \(reason)"
        }
    }
}
