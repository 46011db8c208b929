/// How the test a ``ContractExplorer`` prints makes its tester: the explorer's first argument as the test wrote it,
/// when that code means the same in a new test method of the test case.
///
/// It does not when it names something that only the function making the explorer can see: that function's generic
/// parameters (a `ReloadSpy<Model.Outputs>` in a generic helper), its parameters (a `makeTester` the helper was
/// handed) or its local constants. The printed test then takes the tester as a parameter, typed with the concrete
/// types the explorer ran with, so it compiles wherever those types are visible. A maker that is a generic function
/// of the file (`func makeTester<Model>() -> ViewModelTester<Model, …>`) is called with the tester's type written out,
/// so that its generic parameters can be inferred.
enum TesterMaker {
    /// How the printed test gets its tester.
    enum Form: Equatable {
        /// `let tester = <code>`.
        case call(String)
        /// `let tester: <type> = <code>`, for a generic maker.
        case typedCall(String)
        /// The test takes the tester as a parameter.
        case parameter
    }

    /// The form for the explorer made at a location.
    ///
    /// - Parameters:
    ///   - source: The file the explorer is made in.
    ///   - line: The explorer's line.
    ///   - column: The explorer's column.
    /// - Returns: The form.
    static func form(in source: SourceFile, line: Int, column: Int) -> Form {
        guard let maker = source.callArguments(line: line, column: column).first else { return .parameter }
        let code = "\(maker)()"
        if !hiddenNames(in: source, line: line, column: column).isDisjoint(with: identifiers(in: maker)) {
            return .parameter
        }
        let name = maker.hasPrefix("self.") ? String(maker.dropFirst("self.".count)) : maker
        if isIdentifier(name), source.isGenericFunction(named: name) { return .typedCall(code) }
        return .call(code)
    }

    /// The names that code at a location can use and a new test method of the test case cannot: the generic
    /// parameters, parameters and locals (declared before it) of the function it is written in.
    ///
    /// - Parameters:
    ///   - source: The file.
    ///   - line: The code's line.
    ///   - column: The code's column.
    /// - Returns: The names; none outside a function.
    static func hiddenNames(in source: SourceFile, line: Int, column: Int) -> Set<String> {
        let start = source.offset(line: line, column: column)
        guard let function = source.enclosingFunction(containing: start) else { return [] }
        return hiddenNames(of: function, before: start, in: source)
    }

    /// The generic parameters, parameters and locals declared before an offset of a function.
    private static func hiddenNames(of function: FunctionDeclaration, before start: Int, in source: SourceFile)
        -> Set<String>
    {
        Set(function.genericParameters + function.parameters + function.locals(before: start, in: source))
    }

    /// The hidden names (``hiddenNames(in:line:column:)``) that code written at a location uses without declaring
    /// them itself, as a closure's parameters and its own `let`s are.
    ///
    /// - Parameters:
    ///   - code: The code, such as a closure written at the location.
    ///   - source: The file.
    ///   - line: The code's line.
    ///   - column: The code's column.
    /// - Returns: The names; none when the code needs nothing a new test method cannot see.
    static func hiddenNames(usedBy code: String, in source: SourceFile, line: Int, column: Int) -> Set<String> {
        hiddenNames(in: source, line: line, column: column).intersection(freeNames(in: code))
    }

    /// What a new test method must declare first for code written at a location to mean there what it meant where
    /// written: the statements of the enclosing function's body that declare the locals the code uses, and the
    /// locals those use, in the order written.
    ///
    /// - Parameters:
    ///   - code: The code, such as an invariant's rule.
    ///   - source: The file.
    ///   - line: The code's line.
    ///   - column: The code's column.
    /// - Returns: The declarations, none when the code uses no local; `nil` when it uses what cannot be copied: a
    ///   parameter or generic parameter of the function, or a local that no statement of its body declares by
    ///   itself (`let name = …`, `var name = …`).
    static func localDeclarations(neededBy code: String, in source: SourceFile, line: Int, column: Int) -> [String]? {
        let start = source.offset(line: line, column: column)
        guard let function = source.enclosingFunction(containing: start) else { return [] }
        // The file is read for its enclosing function once: finding it scans every declaration of the file.
        let hidden = hiddenNames(of: function, before: start, in: source)
        let uncopyable = Set(function.genericParameters + function.parameters)
        let bodyEnd = min(start, function.body.upperBound - 1)
        let statements = source.statementRanges(
            function.body.lowerBound + 1..<max(bodyEnd, function.body.lowerBound + 1)
        ).map { range in
            let bytes = source.scanner.bytes[range].drop { source.isSpace($0) }
            return String(decoding: bytes.reversed().drop { source.isSpace($0) }.reversed(), as: UTF8.self)
        }
        let declarations: [(name: String, text: String)] = statements.indices.compactMap { index in
            let words = statements[index].split(separator: " ", maxSplits: 2)
            // A declaration that goes on at the next line (`.filter { … }`, `+ 1`) is not copied in part.
            let next = statements.dropFirst(index + 1).first { !$0.isEmpty }
            guard words.count == 3, ["let", "var"].contains(words[0]),
                let name = words[1].split(separator: ":").first, isIdentifier(String(name)),
                !(next?.first.map { ".+-*/%&|^?:=<>".contains($0) } ?? false)
            else { return nil }
            return (String(name), statements[index])
        }
        var chosen = Set<Int>()
        var waiting = Array(hidden.intersection(freeNames(in: code)))
        while let name = waiting.popLast() {
            guard !uncopyable.contains(name),
                let index = declarations.lastIndex(where: { $0.name == name })
            else { return nil }
            guard chosen.insert(index).inserted else { continue }
            waiting += hidden.intersection(freeNames(in: declarations[index].text))
        }
        return chosen.sorted().map { declarations[$0].text }
    }

    /// The names code uses and does not declare itself: its identifiers, less a closure's parameters and the names
    /// it declares with `let`, `var` or `for`.
    private static func freeNames(in code: String) -> Set<String> {
        let inner = SourceFile(bytes: Array(code.utf8))
        let declared = inner.declaredNames(in: 0..<inner.scanner.bytes.count)
        let parameters = ClosureCode(code)?.parameters ?? []
        return identifiers(in: inner).subtracting(declared).subtracting(parameters)
    }

    /// The identifiers the code uses, outside string literals and comments, not counting members after a `.`.
    static func identifiers(in code: String) -> Set<String> {
        identifiers(in: SourceFile(bytes: Array(code.utf8)))
    }

    /// The identifiers of code already read into a ``SourceFile``, as the form that takes a `String` finds them.
    private static func identifiers(in source: SourceFile) -> Set<String> {
        let bytes = source.scanner.bytes
        var found = Set<String>()
        var index = 0
        while index < bytes.count {
            if let next = source.scanner.indexAfterLiteralOrComment(at: index) {
                index = next
                continue
            }
            guard source.isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, source.isIdentifierByte(bytes[end]) { end += 1 }
            if index == 0 || bytes[index - 1] != UInt8(ascii: ".") {
                found.insert(String(decoding: bytes[index..<end], as: UTF8.self))
            }
            index = end
        }
        return found
    }

    private static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && identifiers(in: text) == [text]
    }
}

/// A function declaration as ``TesterMaker`` reads it.
struct FunctionDeclaration {
    /// Its generic parameters' names.
    let genericParameters: [String]
    /// Its parameters' names, as its body uses them.
    let parameters: [String]
    /// Where its body starts (at `{`) and ends (past `}`), in bytes.
    let body: Range<Int>

    /// The names its body declares with `let`, `var` or `for` before a byte offset.
    func locals(before offset: Int, in source: SourceFile) -> [String] {
        source.declaredNames(in: body.lowerBound + 1..<max(min(offset, body.upperBound), body.lowerBound + 1))
    }
}

extension SourceFile {
    /// The names declared with `let`, `var` or `for` in a range of the file.
    func declaredNames(in range: Range<Int>) -> [String] {
        let bytes = scanner.bytes
        var names: [String] = []
        var index = range.lowerBound
        var previous = ""
        while index < range.upperBound {
            if let next = scanner.indexAfterLiteralOrComment(at: index) {
                index = next
                continue
            }
            guard isIdentifierByte(bytes[index]) else {
                if !isSpace(bytes[index]) { previous = "" }
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            if ["let", "var", "for"].contains(previous) { names.append(word) }
            previous = word
            index = end
        }
        return names
    }

    /// The byte offset of a line and column, clamped to the file.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return scanner.bytes.count }
        return min(lineStarts[line - 1] + max(column, 1) - 1, scanner.bytes.count)
    }

    /// The innermost function whose body holds a byte offset.
    func enclosingFunction(containing offset: Int) -> FunctionDeclaration? {
        var innermost: FunctionDeclaration?
        for start in keywordOffsets("func") where start < offset {
            guard let function = declaration(at: start), function.body.contains(offset) else { continue }
            if innermost.map({ function.body.lowerBound > $0.body.lowerBound }) ?? true { innermost = function }
        }
        return innermost
    }

    /// Whether the file declares a generic function of a name: `func makeTester<Model: ViewModel>(`.
    func isGenericFunction(named name: String) -> Bool {
        keywordOffsets("func").contains { start in
            declaration(at: start).map { !$0.genericParameters.isEmpty && functionName(at: start) == name } ?? false
        }
    }

    // MARK: Reading declarations

    /// Where a keyword stands as a whole word, outside literals and comments.
    private func keywordOffsets(_ keyword: String) -> [Int] {
        let bytes = scanner.bytes
        let target = Array(keyword.utf8)
        var offsets: [Int] = []
        var index = 0
        while index < bytes.count {
            if let next = scanner.indexAfterLiteralOrComment(at: index) {
                index = next
                continue
            }
            guard isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            if Array(bytes[index..<end]) == target { offsets.append(index) }
            index = end
        }
        return offsets
    }

    private func functionName(at start: Int) -> String? {
        var index = start + "func".utf8.count
        let bytes = scanner.bytes
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var end = index
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return end > index ? String(decoding: bytes[index..<end], as: UTF8.self) : nil
    }

    /// The declaration whose `func` keyword is at an offset: its generic parameters, parameters and body.
    private func declaration(at start: Int) -> FunctionDeclaration? {
        let bytes = scanner.bytes
        var index = start + "func".utf8.count
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "(") { index += 1 }
        guard index < bytes.count else { return nil }
        var genericParameters: [String] = []
        if bytes[index] == UInt8(ascii: "<") {
            var depth = 0
            var clauseEnd = index
            while clauseEnd < bytes.count {
                if bytes[clauseEnd] == UInt8(ascii: "<") { depth += 1 }
                if bytes[clauseEnd] == UInt8(ascii: ">") {
                    depth -= 1
                    if depth == 0 { break }
                }
                clauseEnd += 1
            }
            genericParameters = leadingNames(in: index + 1..<clauseEnd, separatedBy: UInt8(ascii: ","))
            index = clauseEnd
            while index < bytes.count, bytes[index] != UInt8(ascii: "(") { index += 1 }
        }
        guard index < bytes.count, let parametersEnd = scanner.indexAfterClose(of: index) else { return nil }
        let parameters = parameterNames(in: index + 1..<parametersEnd - 1)
        var bodyStart = parametersEnd
        while bodyStart < bytes.count {
            if let next = scanner.indexAfterLiteralOrComment(at: bodyStart) {
                bodyStart = next
                continue
            }
            if bytes[bodyStart] == UInt8(ascii: "{") { break }
            if bytes[bodyStart] == UInt8(ascii: "(") || bytes[bodyStart] == UInt8(ascii: "[") {
                bodyStart = scanner.indexAfterClose(of: bodyStart) ?? bytes.count
                continue
            }
            bodyStart += 1
        }
        guard bodyStart < bytes.count, let bodyEnd = scanner.indexAfterClose(of: bodyStart) else { return nil }
        return FunctionDeclaration(
            genericParameters: genericParameters, parameters: parameters, body: bodyStart..<bodyEnd)
    }

    /// The internal names of a parameter list: `name` in `label name: Type` and in `name: Type`.
    private func parameterNames(in range: Range<Int>) -> [String] {
        split(range, at: [UInt8(ascii: ",")], skippingGenericArguments: true).compactMap { parameter in
            let bytes = scanner.bytes
            guard let colon = parameter.first(where: { bytes[$0] == UInt8(ascii: ":") }) else { return nil }
            return words(in: parameter.lowerBound..<colon).last
        }
    }

    /// The first word of each part of a list, such as the names of `<Model: ViewModel, Spy>`.
    private func leadingNames(in range: Range<Int>, separatedBy separator: UInt8) -> [String] {
        split(range, at: [separator], skippingGenericArguments: true).compactMap { words(in: $0).first }
    }

    private func words(in range: Range<Int>) -> [String] {
        let bytes = scanner.bytes
        var words: [String] = []
        var index = range.lowerBound
        while index < range.upperBound {
            guard isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < range.upperBound, isIdentifierByte(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[index..<end], as: UTF8.self)
            if !["_", "inout", "borrowing", "consuming", "isolated", "sending"].contains(word) { words.append(word) }
            index = end
        }
        return words
    }
}
