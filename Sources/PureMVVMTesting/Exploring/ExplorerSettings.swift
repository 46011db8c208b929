internal import Foundation

/// The environment variables that set a ``ContractExplorer``'s seed and number of sequences, so a failing run can
/// be repeated and a longer one started without editing the test.
///
/// The environment wins over the values a test sets in code: a test's `runs` and `seed` are what a plain
/// `swift test` uses, and the variables are the person or the CI job running the suite saying otherwise (CI's
/// `PUREMVVM_EXPLORE_RUNS=10000` runs 10,000 sequences even where a test set `runs = 50`; a printed
/// `PUREMVVM_EXPLORE_SEED` reruns the failing sequences even where a test set another seed). This is
/// QuickCheck's and Hypothesis's command line over a property's defaults. A test that must keep its own values,
/// because it checks what one seed finds, sets ``ContractExplorer/usesEnvironment`` to `false`. A variable set to
/// something that is not a number fails the exploration, rather than silently running the default.
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

    /// The seed and number of sequences an explorer runs with.
    struct Choice: Equatable {
        /// The seed.
        var seed: UInt64
        /// How many sequences.
        var runs: Int
        /// What the environment changed of what the test set, as sentences for the explorer's note.
        var overrides: [String] = []
        /// Variables set to something that is not a setting, as sentences for a failure.
        var problems: [String] = []
    }

    /// The seed and runs an explorer uses: the environment's where it sets them (and the explorer uses it), else
    /// the explorer's own.
    ///
    /// - Parameters:
    ///   - seed: The explorer's seed, and whether the test set it.
    ///   - runs: The explorer's number of sequences, and whether the test set it.
    ///   - usesEnvironment: Whether the environment may replace them.
    ///   - environment: The process's environment.
    /// - Returns: The values to run with, what the environment replaced, and what it set wrongly.
    static func choose(
        seed: (value: UInt64, setInTest: Bool), runs: (value: Int, setInTest: Bool), usesEnvironment: Bool,
        environment: [String: String]
    ) -> Choice {
        var choice = Choice(seed: seed.value, runs: runs.value)
        guard usesEnvironment else { return choice }
        if let text = text(of: seedVariable, in: environment) {
            if let value = self.seed(in: environment) {
                if seed.setInTest, value != seed.value {
                    choice.overrides.append("\(seedVariable)=\(value) replaces the seed \(seed.value) set in the test.")
                }
                choice.seed = value
            } else {
                choice.problems.append(
                    "\(seedVariable) is \(TextCorpus.code(for: text)), not a seed: a whole number from 0 to "
                        + "18446744073709551615, decimal or hexadecimal with 0x.")
            }
        }
        if let text = text(of: runsVariable, in: environment) {
            if let value = self.runs(in: environment) {
                if runs.setInTest, value != runs.value {
                    choice.overrides.append("\(runsVariable)=\(value) replaces the \(runs.value) runs set in the test.")
                }
                choice.runs = value
            } else {
                choice.problems.append(
                    "\(runsVariable) is \(TextCorpus.code(for: text)), not a number of runs: a whole number from 1.")
            }
        }
        return choice
    }

    /// The seed from `environment`, or `nil` when it is unset or not a number.
    static func seed(in environment: [String: String]) -> UInt64? {
        guard let text = text(of: seedVariable, in: environment) else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// The number of runs from `environment`, or `nil` when it is unset or not a positive number.
    static func runs(in environment: [String: String]) -> Int? {
        guard let text = text(of: runsVariable, in: environment), let runs = Int(text), runs > 0 else { return nil }
        return runs
    }

    /// Whether to print each step.
    static func isTracing(in environment: [String: String]) -> Bool {
        environment[traceVariable] == "1"
    }

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// A variable's value without surrounding spaces; `nil` when it is unset or empty.
    private static func text(of variable: String, in environment: [String: String]) -> String? {
        guard let text = environment[variable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
