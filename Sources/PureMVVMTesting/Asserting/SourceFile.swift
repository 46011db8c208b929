internal import Foundation

/// One source file's bytes, with where each line starts, read to name inputs and to print code the test wrote.
struct SourceFile {
    @MainActor private static var cache: [String: SourceFile] = [:]

    /// The file at `path`, read once per process; empty when it cannot be read.
    @MainActor
    static func at(_ path: String) -> SourceFile {
        if let file = cache[path] { return file }
        let file = SourceFile(path: path)
        cache[path] = file
        return file
    }

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

    /// The arguments of the call whose argument list opens at (or after) `line`:`column`, each as written (labels
    /// kept, lines after the first dedented), followed by its trailing closures.
    func callArguments(line: Int, column: Int) -> [String] {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return [] }
        let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
        guard let open = firstOpening(from: lineStarts[line - 1] + column - 1, before: lineEnd),
            var end = scanner.indexAfterClose(of: open)
        else { return [] }
        var arguments: [String] = []
        if bytes[open] == UInt8(ascii: "(") {
            var start = open + 1
            var index = open + 1
            while index < end - 1 {
                if let next = scanner.indexAfterLiteralOrComment(at: index) {
                    index = next
                    continue
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    index = scanner.indexAfterClose(of: index) ?? end
                    continue
                }
                if byte == UInt8(ascii: ",") {
                    arguments.append(verbatim(start..<index))
                    start = index + 1
                }
                index += 1
            }
            let last = verbatim(start..<end - 1)
            if !last.isEmpty { arguments.append(last) }
        } else {
            end = open
        }
        // Trailing closures: `{ … }` after the list, or `label: { … }` after the first.
        var index = end
        while true {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            var labelEnd = index
            while labelEnd < bytes.count, isIdentifierByte(bytes[labelEnd]) { labelEnd += 1 }
            let hasLabel = labelEnd > index && scanner.byte(at: labelEnd) == UInt8(ascii: ":")
            var brace = hasLabel ? labelEnd + 1 : index
            while brace < bytes.count, isSpace(bytes[brace]) { brace += 1 }
            guard scanner.byte(at: brace) == UInt8(ascii: "{"), let close = scanner.indexAfterClose(of: brace) else {
                break
            }
            arguments.append(verbatim((hasLabel ? index : brace)..<close))
            index = close
        }
        return arguments
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
    func statementRanges(_ range: Range<Int>) -> [Range<Int>] {
        split(range, at: [UInt8(ascii: "\n"), UInt8(ascii: ";")])
    }

    /// A range split at separators outside brackets, string literals and comments, and, when asked, outside generic
    /// argument lists (`<A, B>`).
    func split(_ range: Range<Int>, at separators: Set<UInt8>, skippingGenericArguments: Bool = false) -> [Range<Int>] {
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
            if skippingGenericArguments, byte == UInt8(ascii: "<") {
                var depth = 0
                repeat {
                    if bytes[index] == UInt8(ascii: "<") { depth += 1 }
                    if bytes[index] == UInt8(ascii: ">") { depth -= 1 }
                    index += 1
                } while depth > 0 && index < range.upperBound
                continue
            }
            if separators.contains(byte) {
                ranges.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<range.upperBound)
        return ranges
    }

    /// The text of a range as written, trimmed, with the lines after the first dedented by their common
    /// indentation.
    private func verbatim(_ range: Range<Int>) -> String {
        let text = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 1 else { return text }
        let indents = lines.dropFirst().filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let last = lines.count - 1
        // The closing line (`}` or `)`) sits one level out from the body: keep it there.
        let common = min(indents.min() ?? 0, lines[last].prefix { $0 == " " }.count)
        for index in 1...last {
            lines[index] = String(lines[index].dropFirst(min(common, lines[index].prefix { $0 == " " }.count)))
        }
        return lines.joined(separator: "\n")
    }

    /// The text of a range with comments dropped and runs of white space outside literals made one space.
    func collapsed(_ range: Range<Int>) -> String {
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

    func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private func isCalleeByte(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
    }
}
