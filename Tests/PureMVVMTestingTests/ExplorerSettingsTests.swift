import Foundation
import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

#if canImport(Glibc)
    import Glibc
#endif

/// `PUREMVVM_EXPLORE_SEED` and `PUREMVVM_EXPLORE_RUNS` win over the seed and runs a test sets (and the explorer's
/// note says what they replaced), unless the test opts out; a value that is not a number fails the exploration.
@MainActor
final class ExplorerSettingsTests: GuardedTestCase {
    private let both = ["PUREMVVM_EXPLORE_SEED": "0x1F", "PUREMVVM_EXPLORE_RUNS": " 10000 "]

    func testTheEnvironmentWinsOverValuesSetInTheTestAndTheNoteSaysSo() {
        let choice = ExplorerSettings.choose(
            seed: (7, true), runs: (50, true), usesEnvironment: true, environment: both)
        XCTAssertEqual(choice.seed, 31)
        XCTAssertEqual(choice.runs, 10_000)
        XCTAssertEqual(
            choice.overrides,
            [
                "PUREMVVM_EXPLORE_SEED=31 replaces the seed 7 set in the test.",
                "PUREMVVM_EXPLORE_RUNS=10000 replaces the 50 runs set in the test.",
            ])
        XCTAssertEqual(choice.problems, [])
    }

    func testDefaultsAreReplacedWithoutANoteAndAnUnsetEnvironmentChangesNothing() {
        let defaults = ExplorerSettings.choose(
            seed: (123, false), runs: (100, false), usesEnvironment: true, environment: both)
        XCTAssertEqual(defaults, ExplorerSettings.Choice(seed: 31, runs: 10_000))
        let same = ExplorerSettings.choose(
            seed: (31, true), runs: (10_000, true), usesEnvironment: true, environment: both)
        XCTAssertEqual(same.overrides, [], "nothing replaced")
        let unset = ExplorerSettings.choose(
            seed: (7, true), runs: (50, true), usesEnvironment: true,
            environment: ["PUREMVVM_EXPLORE_SEED": " ", "HOME": "/root"])
        XCTAssertEqual(unset, ExplorerSettings.Choice(seed: 7, runs: 50))
    }

    func testAnExplorerThatOptsOutKeepsItsOwnValues() {
        let choice = ExplorerSettings.choose(
            seed: (7, true), runs: (50, true), usesEnvironment: false,
            environment: both.merging(["PUREMVVM_EXPLORE_RUNS": "ten"]) { $1 })
        XCTAssertEqual(choice, ExplorerSettings.Choice(seed: 7, runs: 50), "not even a wrong value is read")
    }

    func testValuesThatAreNotNumbersAreProblems() {
        let choice = ExplorerSettings.choose(
            seed: (7, true), runs: (50, true), usesEnvironment: true,
            environment: ["PUREMVVM_EXPLORE_SEED": "-1", "PUREMVVM_EXPLORE_RUNS": "0"])
        XCTAssertEqual(
            choice.problems,
            [
                "PUREMVVM_EXPLORE_SEED is \"-1\", not a seed: a whole number from 0 to 18446744073709551615, decimal "
                    + "or hexadecimal with 0x.",
                "PUREMVVM_EXPLORE_RUNS is \"0\", not a number of runs: a whole number from 1.",
            ])
    }

    // MARK: Through the process's environment

    /// Runs `body` with an environment variable set, then puts back what was there (CI sets the variables).
    private func with(_ name: String, _ value: String, _ body: () async -> Void) async {
        let previous = getenv(name).map { String(cString: $0) }
        setenv(name, value, 1)
        defer {
            if let previous { setenv(name, previous, 1) } else { unsetenv(name) }
        }
        await body()
    }

    /// An explorer of the counter whose one input counts the sequences it starts.
    private func countingExplorer(_ sequences: Counter) -> ContractExplorer<CounterViewModel, CounterSpy> {
        let explorer = ContractExplorer(
            { ViewModelTester(CounterViewModel(), spy: CounterSpy()) },
            inputs: [
                .call("incrementButtonDidTap()") { viewModel in
                    if viewModel.outputs.count == 0 { sequences.value += 1 }
                    viewModel.incrementButtonDidTap()
                }
            ])
        explorer.maximumLength = 1
        return explorer
    }

    @MainActor final class Counter {
        var value = 0
    }

    func testCIsRunsReplaceTheRunsATestSets() async {
        let sequences = Counter()
        var reports: [TestFailure] = []
        await with("PUREMVVM_EXPLORE_RUNS", "30") {
            let explorer = countingExplorer(sequences)
            explorer.runs = 5
            explorer.seed = 9
            reports = await FailureReporter.capture { await explorer.run() }
        }
        XCTAssertEqual(sequences.value, 30)
        XCTAssertEqual(reports.failures.messages, [])
        XCTAssertEqual(
            reports.notes.messages,
            [
                "Exploring CounterViewModel with 30 random sequences of up to 1 inputs, seed 9: set "
                    + "PUREMVVM_EXPLORE_SEED=9 to run them again, PUREMVVM_EXPLORE_RUNS to run more. "
                    + "PUREMVVM_EXPLORE_RUNS=30 replaces the 5 runs set in the test."
            ])

        let optedOut = Counter()
        await with("PUREMVVM_EXPLORE_RUNS", "30") {
            let explorer = countingExplorer(optedOut)
            explorer.runs = 5
            explorer.usesEnvironment = false
            _ = await FailureReporter.capture { await explorer.run() }
        }
        XCTAssertEqual(optedOut.value, 5)
    }

    func testAPrintedSeedReplacesTheSeedATestSets() async {
        var reports: [TestFailure] = []
        await with("PUREMVVM_EXPLORE_SEED", "424242") {
            let explorer = countingExplorer(Counter())
            explorer.seed = 1
            explorer.runs = 2
            reports = await FailureReporter.capture { await explorer.run() }
        }
        XCTAssertTrue(
            reports.notes.messages.first?.contains(
                "seed 424242: set PUREMVVM_EXPLORE_SEED=424242 to run them again, PUREMVVM_EXPLORE_RUNS to run more. "
                    + "PUREMVVM_EXPLORE_SEED=424242 replaces the seed 1 set in the test.") == true,
            "\(reports.notes.messages)")
    }

    func testATypoInTheEnvironmentFailsTheExplorationInsteadOfRunningTheDefault() async {
        let sequences = Counter()
        var reports: [TestFailure] = []
        await with("PUREMVVM_EXPLORE_RUNS", "10k") {
            reports = await FailureReporter.capture { await countingExplorer(sequences).run() }
        }
        assertOneFailure(
            reports,
            containing:
                "PUREMVVM_EXPLORE_RUNS is \"10k\", not a number of runs: a whole number from 1.\nTo fix: set it "
                + "to a number, or unset it to run the test's own settings.")
        XCTAssertEqual(sequences.value, 0, "nothing ran")
    }
}
