internal import PureMVVM
internal import Synchronization

/// The scenarios, made once per process (a million-row list takes a moment), and each method's answer on each,
/// found once and checked in UIKit batch order (``BatchOrder``) before any run's outcome is compared with it.
enum RowDiffCache {
    private static let scenarios = Mutex<[String: RowDiffScenario]>([:])
    private static let answers = Mutex<[String: RowChanges]>([:])

    /// The scenario of a kind at a size.
    static func scenario(_ kind: RowDiffScenario.Kind, size: Int) -> RowDiffScenario {
        let key = "\(kind.rawValue).\(size)"
        if let known = scenarios.withLock({ $0[key] }) { return known }
        let scenario = RowDiffScenario(kind, size: size)
        scenarios.withLock { $0[key] = scenario }
        return scenario
    }

    /// A method's answer on a scenario, checked: a wrong answer stops the benchmark with what is wrong, since
    /// every figure of the row would be of a wrong diff.
    static func answer(_ method: RowDiffMethod, on scenario: RowDiffScenario) -> RowChanges {
        let key = "\(scenario.name).\(method.rawValue)"
        if let known = answers.withLock({ $0[key] }) { return known }
        let changes = method.changes(old: scenario.old, new: scenario.new)
        if let problem = BatchOrder.problem(in: changes, old: scenario.old, new: scenario.new) {
            preconditionFailure("rows.\(key): the answer is wrong: \(problem)")
        }
        answers.withLock { $0[key] = changes }
        return changes
    }
}
