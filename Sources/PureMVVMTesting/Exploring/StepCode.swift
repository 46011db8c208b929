/// How a ``ContractExplorer`` writes a step, in the test it prints and in failures: from the closure the test
/// wrote for the input, read at the input's location, with the drawn argument's code in the place of its
/// parameter. The code printed is the code that ran. Where the source cannot be read, from the input's string.
///
/// Worked out only for a failure or a trace, never for a passing step.
struct StepCode {
    /// Whether it is sent to the ViewModel or is a step of the test's own.
    let kind: ExplorerInputKind
    /// Where the input is written.
    let location: FailureLocation
    /// The step written from the input's string, with `$0` for the ViewModel: `$0.login()`.
    let fallback: (String?) -> String

    init(kind: ExplorerInputKind, location: FailureLocation, fallback: @escaping (String?) -> String) {
        self.kind = kind
        self.location = location
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
    /// cannot be read or holds no closure there.
    @MainActor
    private var closure: ClosureCode? {
        let arguments = SourceFile.at("\(location.filePath)").callArguments(
            line: Int(location.line), column: Int(location.column))
        guard let last = arguments.last, last.hasPrefix("{") else { return nil }
        return ClosureCode(last)
    }

    private func statements(of closure: ClosureCode, argument: String?) -> [String] {
        guard let argument, kind == .call, let parameter = closure.parameter(1) else { return closure.statements }
        return closure.statements(replacing: parameter, with: argument)
    }
}
