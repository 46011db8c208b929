/// What a length rule counts.
///
/// The default, ``characters``, counts what the user sees. Count ``utf8`` bytes for a backend limit such as
/// bcrypt's 72 bytes, where "é" costs two bytes and a family emoji costs twenty-five.
public enum LengthUnit: Hashable, Sendable {
    /// Extended grapheme clusters (Swift `Character`s): "é" is one whether typed as one scalar or as "e" plus a
    /// combining accent, and a ZWJ emoji sequence such as 👨‍👩‍👧 is one.
    case characters
    /// Unicode scalars: "e" plus a combining accent is two.
    case unicodeScalars
    /// UTF-8 bytes, as most storage and hashing backends count.
    case utf8

    /// The plural noun used in default messages, such as "characters".
    var noun: String {
        switch self {
        case .characters: "characters"
        case .unicodeScalars: "code points"
        case .utf8: "bytes"
        }
    }

    /// Tells whether a text's length is at least a bound, counting no further than the bound.
    func length(of text: Substring, isAtLeast bound: Int) -> Bool {
        guard bound > 0 else { return true }
        switch self {
        case .characters:
            return text.index(text.startIndex, offsetBy: bound, limitedBy: text.endIndex) != nil
        case .unicodeScalars:
            let scalars = text.unicodeScalars
            return scalars.index(scalars.startIndex, offsetBy: bound, limitedBy: scalars.endIndex) != nil
        case .utf8:
            return text.utf8.count >= bound
        }
    }
}
