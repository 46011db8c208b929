import Foundation

/// A table of built-in rule outcomes, `Fixtures/validation/builtin-rules.table`; the format is in that folder's
/// README.
struct RuleTable {
    struct Row {
        let line: Int
        /// The rule's name, as `RuleTableTests.rules` spells it.
        let rule: String
        /// The text checked; `nil` for the `nil` cell.
        let text: String?
        /// The failures in English and in Chinese; empty when the text passes.
        let english: [String]
        let chinese: [String]
    }

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "builtin-rules.table:\(line): \(reason)" }
    }

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/validation/builtin-rules.table")

    let rows: [Row]

    init() throws {
        let text = try String(contentsOf: Self.url, encoding: .utf8)
        var rows: [Row] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            do {
                let cells = try Self.cells(of: line)
                if cells.isEmpty { continue }
                guard cells.count == 4 else { throw ParseError(line: offset + 1, reason: "expected 4 cells") }
                rows.append(
                    Row(
                        line: offset + 1, rule: cells[0], text: try Self.text(cells[1]),
                        english: try Self.messages(cells[2]), chinese: try Self.messages(cells[3])))
            } catch let error as Problem {
                throw ParseError(line: offset + 1, reason: error.reason)
            }
        }
        self.rows = rows
    }

    private struct Problem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Splits a line into trimmed cells at `|` outside quotes, dropping a `#` comment.
    private static func cells(of line: Substring) throws -> [String] {
        var cells: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in line {
            if inQuotes {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                }
                continue
            }
            switch character {
            case "#":
                return finish(cells, current)
            case "|":
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            case "\"":
                inQuotes = true
                current.append(character)
            default:
                current.append(character)
            }
        }
        if inQuotes { throw Problem("unterminated quote") }
        return finish(cells, current)
    }

    private static func finish(_ cells: [String], _ current: String) -> [String] {
        let last = current.trimmingCharacters(in: .whitespaces)
        return cells.isEmpty && last.isEmpty ? [] : cells + [last]
    }

    /// `nil`, `"…"` or `"…" * N`.
    private static func text(_ cell: String) throws -> String? {
        if cell == "nil" { return nil }
        var rest = cell[...]
        let body = try quoted(&rest)
        rest = rest.drop { $0 == " " }
        guard !rest.isEmpty else { return body }
        guard rest.hasPrefix("*"), let count = Int(rest.dropFirst().trimmingCharacters(in: .whitespaces)), count >= 0
        else { throw Problem("after a quoted text only '* N' may follow") }
        return String(repeating: body, count: count)
    }

    /// `pass`, or one or more quoted messages separated by spaces.
    private static func messages(_ cell: String) throws -> [String] {
        if cell == "pass" { return [] }
        var rest = cell[...]
        var messages: [String] = []
        while !rest.isEmpty {
            messages.append(try quoted(&rest))
            rest = rest.drop { $0 == " " }
        }
        guard !messages.isEmpty else { throw Problem("a result is pass or quoted messages") }
        return messages
    }

    /// Reads one quoted, escaped string from the start of `rest`.
    private static func quoted(_ rest: inout Substring) throws -> String {
        guard rest.first == "\"" else { throw Problem("expected a quoted text, found \(rest)") }
        rest = rest.dropFirst()
        var result = ""
        while let character = rest.popFirst() {
            switch character {
            case "\"":
                return result
            case "\\":
                switch rest.popFirst() {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "u":
                    guard rest.popFirst() == "{", let close = rest.firstIndex(of: "}"),
                        let value = UInt32(rest[..<close], radix: 16), let scalar = Unicode.Scalar(value)
                    else { throw Problem("\\u needs {hex} of a Unicode scalar") }
                    result.unicodeScalars.append(scalar)
                    rest = rest[rest.index(after: close)...]
                case let other: throw Problem("unknown escape \\\(other.map(String.init) ?? "")")
                }
            default:
                result.append(character)
            }
        }
        throw Problem("unterminated quote")
    }
}
