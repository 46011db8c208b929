/// How a ``ContractExplorer`` writes a step, in the test it prints and in failures: from the closure the test
/// wrote for the input, read at the input's location, with the drawn argument's code in the place of its
/// parameter. The code printed is the code that ran. Where the source cannot be read, from the input's string; and
/// from the string the test wrote too when the closure names what a new test method cannot see.
///
/// Worked out only for a failure or a trace, never for a passing step.
struct StepCode {
    /// Whether it is sent to the ViewModel or is a step of the test's own.
    let kind: ExplorerInputKind
    /// Where the input is written.
    let location: FailureLocation
    /// Whether the test wrote the input's code or method's name as a string (`.step("…") { … }`,
    /// `.call("login()") { … }`), rather than only the closure.
    let isWritten: Bool
    /// The step written from the input's string, with `$0` for the ViewModel: `$0.login()`.
    let fallback: (String?) -> String

    init(
        kind: ExplorerInputKind, location: FailureLocation, isWritten: Bool = false,
        fallback: @escaping (String?) -> String
    ) {
        self.kind = kind
        self.location = location
        self.isWritten = isWritten
        self.fallback = fallback
    }

    /// As the printed test writes it: for an input, the closure `tester.send` takes (`{ $0.login() }`); for a
    /// step, its statements, one per line.
    ///
    /// - Parameter argument: The drawn argument as Swift code, for an input that takes one.
    /// - Returns: The code.
    @MainActor
    func printed(argument: String?) -> String {
        guard let closure else {
            let body = fallback(argument)
            switch kind {
            case .call: return "{ \(body.contains("$0") ? "" : "_ in ")\(body) }"
            case .step: return body
            }
        }
        let statements = statements(of: closure, argument: argument)
        switch kind {
        case .step:
            if statements.dropLast().contains(where: { ClosureCode.uses("return", in: [$0]) }) {
                // A return before the last statement (a guard's `else { return false }`) ends the step, not the
                // test: the step is the closure as written, called where it stands.
                let call =
                    (ClosureCode.uses("await", in: statements) ? "await " : "") + "{\n"
                    + statements.map { "    " + $0 }.joined(separator: "\n") + "\n}()"
                return statements.last?.hasPrefix("return ") == true ? "_ = " + call : call
            }
            // A step that says whether it did anything returns it: the printed test keeps the work, not the answer.
            return statements.compactMap { statement in
                guard statement.hasPrefix("return ") else { return statement }
                let value = String(statement.dropFirst("return ".count))
                return value == "true" || value == "false" ? nil : "_ = " + value
            }
            .joined(separator: "\n")
        case .call:
            let body = statements.joined(separator: "; ")
            guard closure.parameters != nil, let model = closure.parameter(0) else {
                return "{ \(ClosureCode.uses("$0", in: statements) ? "" : "_ in ")\(body) }"
            }
            return "{ \(model) in \(body) }"
        }
    }

    /// As failures name it: the statements without the ViewModel's name in front, `usernameDidChange("dim")`.
    ///
    /// - Parameter argument: The drawn argument as Swift code, for an input that takes one.
    /// - Returns: The name.
    @MainActor
    func name(argument: String?) -> String {
        guard let closure else {
            let code = fallback(argument)
            return code.hasPrefix("$0.") ? String(code.dropFirst(3)) : code
        }
        let model = kind == .call ? closure.parameter(0) : nil
        return statements(of: closure, argument: argument).map { statement in
            for prefix in [model, "$0"].compactMap({ $0 }).map({ $0 + "." }) where statement.hasPrefix(prefix) {
                return String(statement.dropFirst(prefix.count))
            }
            return statement
        }
        .joined(separator: "; ")
    }

    /// The closure written at the input's location, the last argument of the call there; `nil` when the source
    /// cannot be read or holds no closure there, and when the closure names a parameter or a local of the function
    /// that makes the input (such as the fake a shared helper of rules is handed) and the test wrote the code as a
    /// string too: a new test method cannot see that name, and the string is written for the test case.
    @MainActor
    private var closure: ClosureCode? {
        let source = SourceFile.at("\(location.filePath)")
        let (line, column) = (Int(location.line), Int(location.column))
        guard let last = source.callArguments(line: line, column: column).last, last.hasPrefix("{"),
            let closure = ClosureCode(last)
        else { return nil }
        if isWritten, !TesterMaker.hiddenNames(usedBy: last, in: source, line: line, column: column).isEmpty {
            return nil
        }
        return closure
    }

    private func statements(of closure: ClosureCode, argument: String?) -> [String] {
        guard let argument, kind == .call, let parameter = closure.parameter(1) else { return closure.statements }
        return closure.statements(replacing: parameter, with: argument)
    }
}
