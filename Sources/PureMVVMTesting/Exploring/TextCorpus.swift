/// The texts a ``ContractExplorer`` types into text inputs, simplest first: the edge cases that break text
/// handling, and text at and around the lengths a screen's rules care about.
///
/// In order: the test's own texts; the empty text; one letter; for each bound *n*, letters of length *n − 1*,
/// *n* and *n + 1*, and *n* characters that are each two Unicode scalars (NFD `é`, 3 UTF-8 bytes) and each an
/// emoji ZWJ sequence (👨‍👩‍👧, 18 UTF-8 bytes); white space only (a space, spaces, a tab and new lines); an NFC/NFD
/// pair (`café` both ways); a ZWJ emoji; right-to-left marks and an override; control characters (bell,
/// backspace, CR LF, DEL, NEL); NUL, alone and inside text; ANSI escape sequences (colour, clear screen, window
/// title); 10,000 characters.
enum TextCorpus {
    /// The corpus for the given bounds, each text with its Swift code.
    static func texts(around bounds: [Int], including extra: [String]) -> [(text: String, code: String)] {
        var texts = extra + ["", "a"]
        for bound in Set(bounds).sorted() where bound >= 0 {
            for length in [bound - 1, bound, bound + 1] where length > 1 { texts.append(letters(length)) }
            if bound > 0 {
                texts.append(String(repeating: "e\u{301}", count: bound))
                texts.append(String(repeating: family, count: bound))
            }
        }
        texts += [" ", "     ", "\t\n \r\n"]
        texts += ["caf\u{E9}", "cafe\u{301}", family]
        texts += ["\u{200F}abc\u{200E}", "\u{202E}txt.exe"]
        texts += ["\u{7}", "a\u{8}b", "line\r\nline", "\u{7F}", "\u{85}"]
        texts += ["\u{0}", "bala\u{0}bala"]
        texts += ["\u{1B}[31mred\u{1B}[0m", "\u{1B}[2J", "\u{1B}]0;title\u{7}"]
        texts.append(String(repeating: "a", count: 10_000))
        var seen = Set<[UInt8]>()
        return texts.filter { seen.insert(Array($0.utf8)).inserted }.map { ($0, code(for: $0)) }
    }

    /// A man, a woman and a girl joined with zero-width joiners: one character, five scalars.
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    /// Letters `abc…`, cycling, of a length.
    private static func letters(_ length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return String((0..<length).map { alphabet[$0 % alphabet.count] })
    }

    /// A text as a Swift expression: a literal with everything outside printable ASCII written as `\u{…}` (so
    /// NFC and NFD stay apart when pasted), or `String(repeating:count:)` for a run of one character longer than 12.
    static func code(for text: String) -> String {
        if text.count > 12, let first = text.first, text.allSatisfy({ $0 == first }) {
            return "String(repeating: \(literal(String(first))), count: \(text.count))"
        }
        return literal(text)
    }

    /// Any value as a Swift expression: text as ``code(for:)`` writes it, an optional as its value or `nil`,
    /// anything else with `String(reflecting:)`.
    static func expression(for value: Any) -> String {
        if let text = value as? String { return code(for: text) }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { expression(for: $0.value) } ?? "nil"
        }
        return String(reflecting: value)
    }

    private static func literal(_ text: String) -> String {
        var code = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": code += "\\\""
            case "\\": code += "\\\\"
            case "\n": code += "\\n"
            case "\r": code += "\\r"
            case "\t": code += "\\t"
            case "\u{0}": code += "\\0"
            case " "..."~": code.unicodeScalars.append(scalar)
            default: code += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return code + "\""
    }
}
