/// Why a typed line was refused instead of being used.
public enum LineRejection: Hashable, Sendable, CustomStringConvertible {
    /// The line is longer than the limit, in bytes (see ``LineDecoder/maximumLineBytes``).
    case tooLong(maximumBytes: Int)
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// Hidden input was asked for, but there is no terminal to turn echo off on.
    case noTerminal

    /// A sentence for the user, such as "The line is longer than 1024 bytes; nothing was used."
    public var description: String {
        switch self {
        case .tooLong(let maximumBytes): "The line is longer than \(maximumBytes) bytes; nothing of it was used."
        case .invalidUTF8: "The line is not valid UTF-8 text; nothing of it was used."
        case .noTerminal: "Hidden input needs a terminal, and there is none."
        }
    }
}
