/// A closure literal as a test wrote it, read from its source: its parameters and statements, with a parameter
/// replaced by code. What a ``ContractExplorer`` prints for a step, so the printed code is the code that ran.
struct ClosureCode {
    /// The names in its header (`viewModel, text in`), `_` included; `nil` when it has none and uses `$0`, `$1`.
    let parameters: [String]?
    /// Its statements, each on one line, comments dropped.
    let statements: [String]

    /// Reads a closure literal, from `{` to `}`.
    ///
    /// - Parameter text: The closure as written.
    /// - Returns: `nil` when `text` is not a closure this reader understands.
    init?(_ text: String) {
        let source = SourceFile(bytes: Array(text.utf8))
        let bytes = source.scanner.bytes
        guard bytes.first == UInt8(ascii: "{"), source.scanner.indexAfterClose(of: 0) == bytes.count else {
            return nil
        }
        var start = 1
        var parameters: [String]?
        if let (headerEnd, names) = Self.header(of: source, in: 1..<bytes.count - 1) {
            start = headerEnd
            parameters = names
        }
        let statements = source.statementRanges(start..<bytes.count - 1).map(source.collapsed).filter { !$0.isEmpty }
        guard !statements.isEmpty else { return nil }
        self.parameters = parameters
        self.statements = statements
    }

    /// The closure's parameter at a position, by the name its body uses: `$1` or the header's name.
    ///
    /// - Parameter position: 0 for the first parameter.
    /// - Returns: The name, or `nil` when the header has no parameter there.
    func parameter(_ position: Int) -> String? {
        guard let parameters else { return "$\(position)" }
        return position < parameters.count ? parameters[position] : nil
    }

    /// The statements with every use of a parameter replaced by code, outside string literals and comments.
    ///
    /// - Parameters:
    ///   - parameter: The parameter's name, such as `$1` or `text`.
    ///   - code: What to write in its place, such as `"dimsky"`.
    /// - Returns: The statements.
    func statements(replacing parameter: String, with code: String) -> [String] {
        guard parameter != "_" else { return statements }
        return statements.map { Self.replacing(parameter, with: code, in: $0) }
    }

    /// Whether a statement uses a name, outside string literals and comments.
    ///
    /// - Parameters:
    ///   - name: A parameter's name, such as `$0`.
    ///   - statements: Statements of the closure.
    /// - Returns: `true` when one of them does.
    static func uses(_ name: String, in statements: [String]) -> Bool {
        statements.contains { replacing(name, with: "", in: $0) != $0 }
    }

    // MARK: Reading

    /// A header such as `viewModel, text in`, `(model, _) in`, `[weak self] model in` or `model: Model in`: where
    /// the body starts, and the parameters' names.
    private static func header(of source: SourceFile, in body: Range<Int>) -> (Int, [String])? {
        let bytes = source.scanner.bytes
        var index = body.lowerBound
        while index < body.upperBound, source.isSpace(bytes[index]) { index += 1 }
        if index < body.upperBound, bytes[index] == UInt8(ascii: "[") {  // a capture list
            guard let end = source.scanner.indexAfterClose(of: index) else { return nil }
            index = end
        }
        var names: [String] = []
        var expectsName = true
        var isInType = false
        var word: [UInt8] = []
        while index < body.upperBound {
            let byte = bytes[index]
            if source.isIdentifierByte(byte) {
                word.append(byte)
                index += 1
                continue
            }
            if !word.isEmpty {
                let text = String(decoding: word, as: UTF8.self)
                word = []
                if text == "in" { return names.isEmpty ? nil : (index, names) }
                if expectsName {
                    names.append(text)
                    expectsName = false
                } else if !isInType {
                    return nil  // two words in a row: a statement such as `for x in`, not a header
                }
            }
            switch byte {
            case UInt8(ascii: ","):
                expectsName = true
                isInType = false
            case UInt8(ascii: ":"): isInType = true  // a type annotation follows
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"),
                UInt8(ascii: "."), UInt8(ascii: "!"):
                break
            default:
                guard source.isSpace(byte) else { return nil }
            }
            index += 1
        }
        return nil
    }

    /// `text` with each whole-word use of `name` (not a member after a `.`) replaced by `code`, outside string
    /// literals and comments.
    private static func replacing(_ name: String, with code: String, in text: String) -> String {
        let source = SourceFile(bytes: Array(text.utf8))
        let bytes = source.scanner.bytes
        let target = Array(name.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let next = source.scanner.indexAfterLiteralOrComment(at: index) {
                output.append(contentsOf: bytes[index..<next])
                index = next
                continue
            }
            guard source.isIdentifierByte(bytes[index]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, source.isIdentifierByte(bytes[end]) { end += 1 }
            let isMember = index > 0 && bytes[index - 1] == UInt8(ascii: ".")
            if !isMember, Array(bytes[index..<end]) == target {
                output.append(contentsOf: code.utf8)
            } else {
                output.append(contentsOf: bytes[index..<end])
            }
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }
}
