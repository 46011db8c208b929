/// Why a typed line was refused instead of being used.
public enum LineRejection: Hashable, Sendable, CustomStringConvertible {
    /// The line is longer than the limit, in bytes (see ``LineDecoder/maximumLineBytes``).
    case tooLong(maximumBytes: Int)
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// Hidden input was asked for, but there is no terminal to turn echo off on.
    case noTerminal

    /// A sentence for the user in English, such as "The line is longer than 1024 bytes; nothing of it was
    /// used."; ``ConsoleWords/sentence(for:)`` says it in another language.
    public var description: String { ConsoleWords.english.sentence(for: self) }
}
