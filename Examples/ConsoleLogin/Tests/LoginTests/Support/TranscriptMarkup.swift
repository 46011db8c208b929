import ConsoleView

/// How typed input appears in a transcript's screen: `⟨…⟩` for a line typed at a visible prompt (the terminal
/// echoes it), `⟪…⟫` for one typed at a hidden prompt (not on the screen), `^D` inside either for the end of input.
/// The format is described in Fixtures/transcripts/README.md.
enum TranscriptMarkup {
    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "screen line \(line): \(reason)" }
    }

    /// One marked read found in a screen.
    struct Read: Equatable {
        let keystrokes: ScriptedTerminal.Keystrokes
        let hidden: Bool
    }

    /// The reads marked in a screen, in order.
    static func reads(in screen: String) throws(ParseError) -> [Read] {
        var reads: [Read] = []
        var line = 1
        var iterator = screen.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case "\n": line += 1
            case "⟨", "⟪":
                let hidden = scalar == "⟪"
                let closing: Unicode.Scalar = hidden ? "⟫" : "⟩"
                var content = ""
                var escaped = false
                while true {
                    guard let next = iterator.next(), next != "\n" else {
                        throw ParseError(line: line, reason: "a marker opened with \(scalar) is not closed")
                    }
                    if !escaped, next == closing { break }
                    escaped = !escaped && next == "\\"
                    content.unicodeScalars.append(next)
                }
                reads.append(Read(keystrokes: try keystrokes(content, line: line), hidden: hidden))
            default: continue
            }
        }
        return reads
    }

    /// The screen a terminal would show for recorded events, with reads marked.
    static func screen(of events: [ScriptedTerminal.Event]) -> String {
        events.reduce(into: "") { screen, event in
            switch event {
            case .output(let text): screen += text
            case .read(let keystrokes, let hidden):
                screen += (hidden ? "⟪" : "⟨") + encode(keystrokes) + (hidden ? "⟫" : "⟩") + "\n"
            }
        }
    }

    /// The canonical marker content for keystrokes.
    static func encode(_ keystrokes: ScriptedTerminal.Keystrokes) -> String {
        let bytes: [UInt8]
        switch keystrokes {
        case .bytes(let typed): bytes = typed
        case .unfinishedBytes(let typed): return encode(.bytes(typed)) + "^D"
        case .endOfInput: return "^D"
        case .timeout: return "⏱"
        }
        var units: [String] = []
        var remaining = bytes[...]
        while let first = remaining.first {
            // Decode one scalar from the front; on an error, escape one byte and go on.
            var decoder = UTF8()
            var iterator = remaining.makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                units.append(unit(for: scalar))
                remaining = remaining.dropFirst(String(scalar).utf8.count)
            } else {
                units.append("\\x" + hex(first, width: 2))
                remaining = remaining.dropFirst()
            }
        }
        var text = ""
        var index = 0
        while index < units.count {
            var run = 1
            while index + run < units.count, units[index + run] == units[index] { run += 1 }
            text += run >= 8 ? units[index] + "{×\(run)}" : String(repeating: units[index], count: run)
            index += run
        }
        if text.hasSuffix("^D") { return text.dropLast(2) + "\\u{5E}D" }  // never read as Ctrl-D
        return text == "⏱" ? "\\u{23F1}" : text
    }

    // MARK: Private

    private static func unit(for scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{1B}": "\\e"
        case "\\": "\\\\"
        case "⟩", "⟫", "{": "\\" + String(scalar)
        case _ where scalar.properties.generalCategory == .control: "\\u{" + hex(scalar.value, width: 1) + "}"
        default: String(scalar)
        }
    }

    private static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func keystrokes(_ content: String, line: Int) throws(ParseError) -> ScriptedTerminal.Keystrokes {
        if content == "^D" { return .endOfInput }
        if content == "⏱" { return .timeout }
        if content.hasSuffix("^D") {  // typed without Enter, then Ctrl-D
            guard case .bytes(let typed) = try keystrokes(String(content.dropLast(2)), line: line) else {
                throw ParseError(line: line, reason: "text before ^D cannot be a timeout")
            }
            return .unfinishedBytes(typed)
        }
        var bytes: [UInt8] = []
        var lastUnit: [UInt8] = []
        var scalars = Array(content.unicodeScalars)[...]
        func fail(_ reason: String) -> ParseError { ParseError(line: line, reason: reason) }
        while let scalar = scalars.popFirst() {
            var unit: [UInt8]
            switch scalar {
            case "\\":
                guard let escape = scalars.popFirst() else { throw fail("a marker ends with a lone \\") }
                switch escape {
                case "e": unit = [0x1B]
                case "\\", "⟩", "⟫", "{": unit = Array(String(escape).utf8)
                case "x":
                    let digits = String(String.UnicodeScalarView(scalars.prefix(2)))
                    guard digits.count == 2, let byte = UInt8(digits, radix: 16) else {
                        throw fail("\\x needs 2 hex digits")
                    }
                    scalars = scalars.dropFirst(2)
                    unit = [byte]
                case "u":
                    guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else {
                        throw fail("\\u needs {hex}")
                    }
                    let digits = String(String.UnicodeScalarView(scalars[..<close]))
                    scalars = scalars[scalars.index(after: close)...]
                    guard let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else {
                        throw fail("\\u{\(digits)} is not a Unicode scalar")
                    }
                    unit = Array(String(decoded).utf8)
                default: throw fail("unknown escape \\\(escape)")
                }
            case "{":
                guard scalars.popFirst() == "×", let close = scalars.firstIndex(of: "}"),
                    let count = Int(String(String.UnicodeScalarView(scalars[..<close]))), count >= 1, !lastUnit.isEmpty
                else { throw fail("'{' starts a repetition {×N} after a character; write \\{ for a brace") }
                scalars = scalars[scalars.index(after: close)...]
                for _ in 1..<count { bytes += lastUnit }
                continue
            default:
                unit = Array(String(scalar).utf8)
            }
            bytes += unit
            lastUnit = unit
        }
        return .bytes(bytes)
    }
}
