/// How failure messages and the tester's log name an input, kept as it was given and written out only when a
/// message or the log needs it: finding the code at the call site, or printing an explored step's argument as
/// Swift, costs far more than the rest of a passing `send`.
enum InputLabel {
    /// The code the test wrote at a call site, read from its source: `` `usernameDidChange("dim")` ``.
    case code(at: FailureLocation)
    /// A name the test gave, shown in quotes.
    case named(String)
    /// A step of a contract explorer's sequence, named by the tester's step namer.
    case step(Int)

    /// The name, in backticks or quotes as failure messages show it.
    ///
    /// - Parameter stepName: Names an explorer's step by its position.
    /// - Returns: The name.
    @MainActor
    func text(stepName: ((Int) -> String)?) -> String {
        switch self {
        case .code(let location): InputName.at(location)
        case .named(let name): "\"\(name)\""
        case .step(let index): stepName.map { "`\($0(index))`" } ?? "step \(index + 1)"
        }
    }
}
