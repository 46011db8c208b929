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
/// | the other invisible format characters (Unicode category Cf: the zero-width space U+200B, the soft hyphen, the byte-order mark, tags), but the zero-width joiner and non-joiner | `\u{200B}` |
///
/// Everything else, including letters of every script and emoji (with their zero-width joiners), is kept.
public enum ConsoleText {
    /// Neutralises control, escape, bidirectional and invisible format characters.
    ///
    /// - Parameter text: Text that may come from a user.
    /// - Returns: The text with every dangerous scalar replaced by a visible form; unchanged when it has none.
    public static func sanitized(_ text: String) -> String {
        guard !isSafe(text) else { return text }
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

    /// Whether text holds none of the scalars ``isDangerous(_:)`` names, read from its UTF-8 bytes: an ASCII byte
    /// is dangerous below 0x20 and at 0x7F; of the longer encodings only those whose lead byte is one a Cf scalar
    /// or a C1 control starts with can be (``mayBeDangerous(lead:)``), and are decoded; the others (CJK, Cyrillic,
    /// Greek, Hebrew, most of Arabic, …) are skipped without decoding.
    private static func isSafe(_ text: String) -> Bool {
        if let safe = text.utf8.withContiguousStorageIfAvailable(isSafe) { return safe }
        return !text.unicodeScalars.contains(where: isDangerous)
    }

    private static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { return false }
                index += 1
                continue
            }
            // Valid UTF-8 (a String's): the lead byte tells the length, and the continuation bytes are there.
            let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            if mayBeDangerous(lead: byte) {
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                if let scalar = Unicode.Scalar(value), isDangerous(scalar) { return false }
            }
            index += length
        }
        return true
    }

    /// Whether a UTF-8 lead byte starts the encoding of a C1 control, a line or paragraph separator or some Cf
    /// scalar: 0xC2 (U+0080–U+00BF: C1 controls, the soft hyphen), 0xD8, 0xDB and 0xDC (Arabic and Syriac format
    /// characters), 0xE0 (U+0800–U+0FFF), 0xE1 (U+180E), 0xE2 (U+2000–U+2FFF), 0xEF (U+FEFF, U+FFF9–U+FFFB), 0xF0
    /// (U+10000–U+3FFFF) and 0xF3 (the tags, U+E0000–U+E007F).
    private static func mayBeDangerous(lead byte: UInt8) -> Bool {
        switch byte {
        case 0xC2, 0xD8, 0xDB, 0xDC, 0xE0, 0xE1, 0xE2, 0xEF, 0xF0, 0xF3: true
        default: false
        }
    }

    private static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        case 0x200C, 0x200D: false  // the zero-width non-joiner and joiner: Persian words, emoji sequences
        // The general punctuation block's format characters, answered without a Unicode data look-up: its quotes
        // and dashes are in many messages (ConsoleTextTests compares every scalar with the Unicode data).
        case 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0x00AD: true
        case 0x00...0x7F, 0x00A0...0x00FF, 0x2000...0x206F: false
        default: scalar.properties.generalCategory == .format
        }
    }
}
