import Foundation
import LoginFeature
import PureMVVM

/// One row of a validation truth table in `Fixtures/validation/`; the format is in that folder's README.
struct TruthTableRow {
    /// What the test sends for one field.
    enum Edit: Equatable {
        case untouched
        case text(String?)
    }

    let file: String
    let line: Int
    let username: Edit
    let password: Edit
    let usernameBorder: Border
    let passwordBorder: Border
    let isLoginEnabled: Bool

    /// The border states a row can expect; messages are checked by the rule tests.
    enum Border: String {
        case neutral, valid, invalid

        init(_ state: BorderState) {
            switch state {
            case .neutral: self = .neutral
            case .valid: self = .valid
            case .invalid: self = .invalid
            }
        }
    }
}

/// A parsed truth-table file.
struct TruthTable {
    let rules: LoginRules
    let rows: [TruthTableRow]

    /// What is wrong with a cell or line, before the line number is known.
    struct Problem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    struct ParseError: Error, CustomStringConvertible {
        let file: String
        let line: Int
        let reason: String
        var description: String { "\(file):\(line): \(reason)" }
    }

    init(contentsOf url: URL) throws {
        let file = url.lastPathComponent
        let text = try String(contentsOf: url, encoding: .utf8)
        var rules: LoginRules?
        var rows: [TruthTableRow] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = offset + 1
            func fail(_ reason: String) -> ParseError {
                ParseError(file: file, line: line, reason: reason)
            }
            do {
                let cells = try Self.cells(of: rawLine)
                if cells.isEmpty { continue }
                if rules == nil {
                    guard cells.count == 1, cells[0].hasPrefix("rules:") else {
                        throw fail("expected 'rules: standard|seed'")
                    }
                    switch String(cells[0].dropFirst("rules:".count)).trimmingCharacters(in: .whitespaces) {
                    case "standard": rules = .standard
                    case "seed": rules = .seed
                    case let other: throw fail("unknown rules '\(other)'")
                    }
                    continue
                }
                guard cells.count == 5 else { throw fail("expected 5 cells, found \(cells.count)") }
                guard let usernameBorder = TruthTableRow.Border(rawValue: cells[2]),
                    let passwordBorder = TruthTableRow.Border(rawValue: cells[3])
                else { throw fail("a border is neutral, valid or invalid") }
                guard ["enabled", "disabled"].contains(cells[4]) else {
                    throw fail("login is enabled or disabled")
                }
                rows.append(
                    TruthTableRow(
                        file: file,
                        line: line,
                        username: try Self.edit(cells[0]),
                        password: try Self.edit(cells[1]),
                        usernameBorder: usernameBorder,
                        passwordBorder: passwordBorder,
                        isLoginEnabled: cells[4] == "enabled"
                    )
                )
            } catch let problem as Problem {
                throw fail(problem.reason)
            }
        }
        guard let rules else { throw ParseError(file: file, line: 1, reason: "no 'rules:' line") }
        self.rules = rules
        self.rows = rows
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
            case "#": return finish(cells, current)
            case "|":
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            case "\"":
                inQuotes = true
                current.append(character)
            default: current.append(character)
            }
        }
        if inQuotes { throw Problem("unterminated quote") }
        return finish(cells, current)
    }

    private static func finish(_ cells: [String], _ current: String) -> [String] {
        let last = current.trimmingCharacters(in: .whitespaces)
        return cells.isEmpty && last.isEmpty ? [] : cells + [last]
    }

    /// Parses a text cell: `-`, `nil`, `"…"` or `"…" * N`.
    private static func edit(_ cell: String) throws -> TruthTableRow.Edit {
        if cell == "-" { return .untouched }
        if cell == "nil" { return .text(nil) }
        guard cell.first == "\"", let closing = cell.dropFirst().lastIndex(of: "\"") else {
            throw Problem("a text cell is -, nil, \"…\" or \"…\" * N, not \(cell)")
        }
        let body = cell[cell.index(after: cell.startIndex)..<closing]
        let rest = cell[cell.index(after: closing)...].trimmingCharacters(in: .whitespaces)
        var count = 1
        if !rest.isEmpty {
            guard rest.hasPrefix("*"),
                let repeats = Int(rest.dropFirst().trimmingCharacters(in: .whitespaces)),
                repeats >= 0
            else { throw Problem("after a quoted text only '* N' may follow, not \(rest)") }
            count = repeats
        }
        return .text(String(repeating: try unescape(body), count: count))
    }

    private static func unescape(_ body: Substring) throws -> String {
        var result = ""
        var iterator = body.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "e": result.append("\u{1B}")
            case "u":
                guard iterator.next() == "{" else { throw Problem("\\u needs {hex}") }
                var hex = ""
                while let digit = iterator.next(), digit != "}" { hex.append(digit) }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw Problem("\\u{\(hex)} is not a Unicode scalar")
                }
                result.unicodeScalars.append(scalar)
            case let other: throw Problem("unknown escape \\\(other.map(String.init) ?? "")")
            }
        }
        return result
    }
}
