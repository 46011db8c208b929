/// Reads Swift source well enough to find where an expression ends: it skips string literals (plain, multi-line,
/// raw, with escapes and interpolations), comments, and counts brackets, so a `)` inside `"ab)"` or a comment
/// never ends a call.
///
/// Works on UTF-8 bytes, as the compiler's `#column` counts.
struct SourceScanner {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The index just past the bracket that closes the one at `open` (`(`, `[` or `{`), or `nil` when the
    /// source ends first.
    func indexAfterClose(of open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            if let next = indexAfterLiteralOrComment(at: index) {
                index = next
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index just past a string literal or comment that starts at `index`, or `nil` when none does.
    func indexAfterLiteralOrComment(at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
            return indexAfterBlockComment(at: index)
        case UInt8(ascii: "\""):
            return indexAfterString(at: index, hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard byte(at: index + hashes) == UInt8(ascii: "\"") else { return nil }
            return indexAfterString(at: index + hashes, hashes: hashes)
        default:
            return nil
        }
    }

    // MARK: Literals

    /// Past a string literal whose first quote is at `quote`, opened after `hashes` `#` signs.
    private func indexAfterString(at quote: Int, hashes: Int) -> Int? {
        let isMultiline = byte(at: quote + 1) == UInt8(ascii: "\"") && byte(at: quote + 2) == UInt8(ascii: "\"")
        var index = quote + (isMultiline ? 3 : 1)
        while index < bytes.count {
            let character = bytes[index]
            if character == UInt8(ascii: "\\"), hasHashes(hashes, at: index + 1) {
                let escaped = index + 1 + hashes
                if byte(at: escaped) == UInt8(ascii: "(") {
                    guard let end = indexAfterClose(of: escaped) else { return nil }
                    index = end
                } else {
                    index = escaped + 1
                }
                continue
            }
            if character == UInt8(ascii: "\n"), !isMultiline { return index }  // unterminated: stop at the line's end
            if character == UInt8(ascii: "\"") {
                let closesQuotes =
                    !isMultiline
                    || (byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\""))
                let afterQuotes = index + (isMultiline ? 3 : 1)
                if closesQuotes, hasHashes(hashes, at: afterQuotes) { return afterQuotes + hashes }
            }
            index += 1
        }
        return nil
    }

    private func indexAfterBlockComment(at start: Int) -> Int? {
        var depth = 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    private func hasHashes(_ count: Int, at index: Int) -> Bool {
        (0..<count).allSatisfy { byte(at: index + $0) == UInt8(ascii: "#") }
    }

    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < bytes.count ? bytes[index] : nil
    }
}
