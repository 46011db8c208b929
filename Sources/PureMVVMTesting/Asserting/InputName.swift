internal import Foundation

/// Names an input in failure messages by the code the test wrote, such as `usernameDidChange("dim")`, read from
/// the test's own source at the call's line and column; falls back to `the input at File.swift:42`.
///
/// The code is found with ``SourceScanner``, so string literals (with quotes, brackets, escapes,
/// interpolations, raw and multi-line strings), comments and closures over several lines are read whole. A
/// `send`'s closure is named by its body, without `$0.` (`{ $0.login() }` is `login()`); statements on several
/// lines are joined with `; `. Any other call at the location, such as a helper that passed its caller's
/// location on, is named by the call itself (`typeUsername(tester, "dim")`).
enum InputName {
    /// The longest name, in characters; a longer one is cut with `…`.
    static let maximumLength = 120

    private struct Key: Hashable {
        let file: UInt
        let line: UInt
        let column: UInt
    }

    @MainActor private static var sources: [String: SourceFile] = [:]
    @MainActor private static var names: [Key: String] = [:]

    /// The name of the input sent at `location`, in backticks, or the fallback.
    @MainActor
    static func at(_ location: FailureLocation) -> String {
        let key = Key(
            file: location.filePath.hasPointerRepresentation ? UInt(bitPattern: location.filePath.utf8Start) : 0,
            line: location.line, column: location.column)
        if key.file != 0, let name = names[key] { return name }
        let path = "\(location.filePath)"
        let source = sources[path] ?? SourceFile(path: path)
        sources[path] = source
        let name =
            source.name(line: Int(location.line), column: Int(location.column)).map { "`\($0)`" }
            ?? "the input at \(location.fileID):\(location.line)"
        if key.file != 0 { names[key] = name }
        return name
    }

    /// The code at a line and column of a source text, as ``at(_:)`` names it (without backticks).
    static func name(in source: String, line: Int, column: Int) -> String? {
        SourceFile(bytes: Array(source.utf8)).name(line: line, column: column)
    }
}

/// One source file's bytes, with where each line starts.
private struct SourceFile {
    let scanner: SourceScanner
    let lineStarts: [Int]

    init(path: String) {
        self.init(bytes: FileManager.default.contents(atPath: path).map { Array($0) } ?? [])
    }

    init(bytes: [UInt8]) {
        scanner = SourceScanner(bytes)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
    }

    private var bytes: [UInt8] { scanner.bytes }

    /// The code of the call whose argument list or trailing closure opens at (or after) `line`:`column`.
    func name(line: Int, column: Int) -> String? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
        guard let open = firstOpening(from: lineStarts[line - 1] + column - 1, before: lineEnd),
            let end = scanner.indexAfterClose(of: open)
        else { return nil }
        if bytes[open] == UInt8(ascii: "{") { return closureName(open + 1..<end - 1) }
        var argument = open + 1
        while argument < end - 1, isSpace(bytes[argument]) { argument += 1 }
        if bytes[argument] == UInt8(ascii: "{"), let closureEnd = scanner.indexAfterClose(of: argument) {
            return closureName(argument + 1..<closureEnd - 1)
        }
        var start = open
        while start > 0, isCalleeByte(bytes[start - 1]) { start -= 1 }
        return shortened(collapsed(start..<end))
    }

    /// The first `(` or `{` from `start` on its line, outside literals and comments.
    private func firstOpening(from start: Int, before lineEnd: Int) -> Int? {
        var index = start
        while index < lineEnd, index < bytes.count {
            if let next = scanner.indexAfterLiteralOrComment(at: index) {
                index = next
                continue
            }
            if bytes[index] == UInt8(ascii: "(") || bytes[index] == UInt8(ascii: "{") { return index }
            index += 1
        }
        return nil
    }

    /// A closure's body as a name: the header (`viewModel in`) and each statement's `$0.` or parameter dropped,
    /// statements joined with `; `.
    private func closureName(_ body: Range<Int>) -> String? {
        var start = body.lowerBound
        var parameter = "$0"
        if let (headerEnd, name) = header(in: body) {
            start = headerEnd
            parameter = name ?? parameter
        }
        let statements = statementRanges(start..<body.upperBound).map { range -> String in
            var text = collapsed(range)
            for prefix in [parameter + ".", "$0."] where text.hasPrefix(prefix) {
                text.removeFirst(prefix.count)
                break
            }
            return text
        }
        .filter { !$0.isEmpty }
        guard !statements.isEmpty else { return nil }
        return shortened(statements.joined(separator: "; "))
    }

    /// A closure header such as `viewModel in`, `_ in` or `[weak self] model in`: where the body starts, and the
    /// single parameter's name.
    private func header(in body: Range<Int>) -> (Int, String?)? {
        var index = body.lowerBound
        var words: [String] = []
        var word: [UInt8] = []
        while index < body.upperBound {
            let byte = bytes[index]
            if isIdentifierByte(byte) {
                word.append(byte)
            } else {
                if !word.isEmpty {
                    let text = String(decoding: word, as: UTF8.self)
                    if text == "in" {
                        let parameters = words.filter { $0 != "weak" && $0 != "unowned" && $0 != "self" }
                        return (index, parameters.count == 1 ? parameters[0] : nil)
                    }
                    words.append(text)
                    word = []
                }
                let allowed: Set<UInt8> = Set("()[],:_ \t\n\r".utf8)
                guard allowed.contains(byte) else { return nil }
            }
            index += 1
        }
        return nil
    }

    /// The statements of a body: split at top-level new lines and semicolons.
    private func statementRanges(_ range: Range<Int>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if let next = scanner.indexAfterLiteralOrComment(at: index) {
                index = min(next, range.upperBound)
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                index = min(scanner.indexAfterClose(of: index) ?? range.upperBound, range.upperBound)
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ";") {
                ranges.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<range.upperBound)
        return ranges
    }

    /// The text of a range with comments dropped and runs of white space outside literals made one space.
    private func collapsed(_ range: Range<Int>) -> String {
        var output: [UInt8] = []
        var index = range.lowerBound
        var pendingSpace = false
        while index < range.upperBound {
            if let next = scanner.indexAfterLiteralOrComment(at: index) {
                let end = min(next, range.upperBound)
                let isComment = bytes[index] == UInt8(ascii: "/")
                if isComment {
                    pendingSpace = true
                } else {
                    if pendingSpace, !output.isEmpty { output.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    output.append(contentsOf: bytes[index..<end])
                }
                index = end
                continue
            }
            if isSpace(bytes[index]) {
                pendingSpace = true
            } else {
                if pendingSpace, !output.isEmpty { output.append(UInt8(ascii: " ")) }
                pendingSpace = false
                output.append(bytes[index])
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func shortened(_ text: String) -> String {
        text.count > InputName.maximumLength ? String(text.prefix(InputName.maximumLength - 1)) + "…" : text
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private func isCalleeByte(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
    }
}
