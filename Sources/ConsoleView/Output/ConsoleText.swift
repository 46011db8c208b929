/// Makes text from users safe to print on a terminal (CWE-150).
///
/// A name typed by a user, read from a file or passed as an argument can hold escape sequences that recolour the
/// screen, move the cursor, rewrite earlier lines or set the window title (the class of kubectl's
/// CVE-2021-25743). ``sanitized(_:)`` shows such characters instead of sending them:
///
/// | characters | shown as |
/// | --- | --- |
/// | C0 controls U+0000–U+001F (escape, tab, newline, …) | caret notation: `^[`, `^I`, `^J` |
/// | delete U+007F | `^?` |
/// | C1 controls U+0080–U+009F (the 8-bit CSI U+009B, …) | `\u{9B}` |
/// | bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), line and paragraph separators | `\u{202E}` |
///
/// Everything else, including letters of every script and emoji, is kept.
public enum ConsoleText {
    /// Neutralises control, escape and bidirectional characters.
    ///
    /// - Parameter text: Text that may come from a user.
    /// - Returns: The text with every dangerous scalar replaced by a visible form; unchanged when it has none.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isDangerous) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F:
                result += "^"
                result.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
            case 0x7F:
                result += "^?"
            case _ where isDangerous(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }
}
