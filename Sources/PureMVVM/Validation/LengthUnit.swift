/// What a length rule counts.
///
/// The default, ``characters``, counts what the user sees. Count ``utf16`` code units to match a limit that
/// UIKit, AppKit or JavaScript enforces (`NSString.length`, `maxlength`), and ``utf8`` bytes for a backend limit
/// such as bcrypt's 72 bytes, where "é" costs two bytes and a family emoji costs eighteen.
public enum LengthUnit: Hashable, Sendable, CaseIterable {
    /// Extended grapheme clusters (Swift `Character`s): "é" is one whether typed as one scalar or as "e" plus a
    /// combining accent, and a ZWJ emoji sequence such as 👨‍👩‍👧 is one.
    case characters
    /// Unicode scalars (code points): "e" plus a combining accent is two.
    case unicodeScalars
    /// UTF-16 code units, as `NSString.length`, UIKit's text limits and JavaScript's `length` count: a scalar
    /// outside the Basic Multilingual Plane, such as 😀, is two.
    case utf16
    /// UTF-8 bytes, as most storage and hashing backends count.
    case utf8

    /// Tells whether a text's length is at least a bound, counting no further than the bound.
    ///
    /// Never traps: a bound of 0 or less is always met, and a bound larger than the text's UTF-8 size (which no
    /// unit's count exceeds) is never met, so no index arithmetic can overflow.
    func length(of text: String, isAtLeast bound: Int) -> Bool {
        guard bound > 0 else { return true }
        let bytes = text.utf8.count
        guard bound <= bytes else { return false }
        switch self {
        case .characters:
            return text.index(text.startIndex, offsetBy: bound, limitedBy: text.endIndex) != nil
        case .unicodeScalars:
            let scalars = text.unicodeScalars
            return scalars.index(scalars.startIndex, offsetBy: bound, limitedBy: scalars.endIndex) != nil
        case .utf16:
            let units = text.utf16
            return units.index(units.startIndex, offsetBy: bound, limitedBy: units.endIndex) != nil
        case .utf8:
            return true
        }
    }

    /// Tells whether a text's length is at most a bound, counting no further than one past the bound.
    ///
    /// Never traps: a negative bound is never met, and `Int.max` is always met.
    func length(of text: String, isAtMost bound: Int) -> Bool {
        guard bound >= 0 else { return false }
        guard bound < Int.max else { return true }
        return !length(of: text, isAtLeast: bound + 1)
    }
}
