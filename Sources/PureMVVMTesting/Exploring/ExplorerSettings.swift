internal import Foundation

/// The environment variables that set a ``ContractExplorer``'s defaults, so a failing run can be repeated and a
/// longer one started without editing the test.
enum ExplorerSettings {
    /// The seed of the random sequences: `PUREMVVM_EXPLORE_SEED=12345 swift test --filter …` runs the same
    /// sequences again. Decimal, or hexadecimal with `0x`.
    static let seedVariable = "PUREMVVM_EXPLORE_SEED"
    /// How many sequences each explorer runs: `PUREMVVM_EXPLORE_RUNS=5000` for a longer search.
    static let runsVariable = "PUREMVVM_EXPLORE_RUNS"
    /// When set to `1`, each step is printed before it runs, so the sequence that crashed a test is the last
    /// one printed.
    static let traceVariable = "PUREMVVM_EXPLORE_TRACE"

    /// How many sequences an explorer runs when neither the test nor the environment says.
    static let defaultRuns = 100

    /// The seed from `environment`, or `nil` when it is unset or not a number.
    static func seed(in environment: [String: String]) -> UInt64? {
        guard let text = environment[seedVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return nil
        }
        if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// The number of runs from `environment`, or `nil` when it is unset or not a positive number.
    static func runs(in environment: [String: String]) -> Int? {
        guard let text = environment[runsVariable], let runs = Int(text.trimmingCharacters(in: .whitespaces)),
            runs > 0
        else { return nil }
        return runs
    }

    /// Whether to print each step.
    static func isTracing(in environment: [String: String]) -> Bool {
        environment[traceVariable] == "1"
    }

    static var environment: [String: String] { ProcessInfo.processInfo.environment }
}
