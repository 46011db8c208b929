import ConsoleView
import Foundation
import PureMVVM
import PureMVVMTesting
import XCTest

// What the tests cannot do in their own process, because it ends the process or needs standard input of its own:
// each scenario, named by the first argument, traps on a precondition, is ended by the test watchdog, or reads its
// standard input. The tests run it as a child process (`TestProbe.run` in Tests/TestSupport) and check how it ended
// and what it wrote.

/// Outputs for the scenarios.
struct ProbeOutputs: ViewOutputs {
    var count = 0

    enum Field: Int, OutputField { case count }

    func hasChanged(_ field: Field, since old: ProbeOutputs) -> Bool {
        count != old.count
    }
}

/// A view that sends an input while it reloads, as a view may: a store is not mid-update during its reload.
@MainActor
final class EchoingView: ReloadDelegate {
    let store = OutputStore(ProbeOutputs())

    func reloadViews(_ changes: ChangeSet<ProbeOutputs>, from outputs: ReadOnlyOutputs<ProbeOutputs>) {
        if outputs.count == 1 { store.update(notifying: self) { $0.count = 2 } }
    }
}

/// A row whose ID is its key divided by a divisor read when the ID is asked for: rows made with distinct IDs
/// share one once the divisor grows, as an ID computed from state that changed would. The only way to hand a diff
/// rows that share an ID, since making `Rows` with an ID twice stops a debug build at once.
struct ShiftingRow: Identifiable, Equatable, Sendable {
    nonisolated(unsafe) static var divisor = 1
    let key: Int
    var id: Int { key / Self.divisor }
}

/// XCTest tests that never end: one awaits what never comes, one spins on the main thread without suspending.
/// Their class switches the run guards on, as a project's test cases do.
final class StuckTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        XCTestRunGuards.start()
    }

    func testAwaitsWhatNeverComes() async {
        try? await Task.sleep(for: .seconds(86_400))  // a day: as good as never, for a test
    }

    func testSpinsWithoutSuspending() {
        var turns = 0
        while turns >= 0 { turns = (turns &+ 1) & 0xFFFF }
    }
}

/// A test that takes three times the watchdog's limit in the test that runs it, in a class that does not switch the
/// run guards on: nothing ends it.
final class UnguardedTests: XCTestCase {
    func testTakesLongerThanTheLimit() async throws {
        try await Task.sleep(for: .milliseconds(150))
        print("TestProbe: ended by the test, not the watchdog")
    }
}

/// A screen that counts what it shares: its input changes a shared state, and nothing it shows.
@MainActor
final class SharingViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ProbeOutputs>)?
    let outputs = ProbeOutputs()
    let shared = SharedState(0, label: "shared count")

    func shareButtonDidTap() {
        shared.update(by: self) { $0 += 1 }
    }
}

/// Runs XCTest tests as a test binary would, with its default observers; the scenario's name is no test filter.
func runXCTest(_ tests: [XCTestCaseEntry]) {
    _ = XCTMain(tests, arguments: Array(CommandLine.arguments.prefix(1)), observers: nil)
}

@MainActor
func run(_ scenario: String) {
    let store = OutputStore(ProbeOutputs())
    switch scenario {
    case "update-inside-update":
        store.update(notifying: nil) { _ in store.update(notifying: nil) { $0.count = 1 } }
    case "set-inside-update":
        store.update(notifying: nil) { _ in store.set(\.count, to: 1, field: .count, notifying: nil) }
    case "update-from-reload":
        let view = EchoingView()
        view.store.update(notifying: view) { $0.count = 1 }
        print("TestProbe: count \(view.store.outputs.count)")
    case "rows-duplicate-id":
        let rows = Rows([ShiftingRow(key: 4), ShiftingRow(key: 7), ShiftingRow(key: 4)])
        print("TestProbe: \(rows.count) rows")
    case "rows-insert-out-of-range":
        var rows = Rows([ShiftingRow(key: 1), ShiftingRow(key: 2)])
        rows.insert(ShiftingRow(key: 3), at: 3)
        print("TestProbe: \(rows.count) rows")
    case "rows-diff-duplicate-id":
        // 200 rows replaced by 200 others: too many edits for the walk along the diagonals, so the diff matches
        // them by ID, and finds two old rows with one ID once the divisor is 2.
        let old = Rows((0..<200).map { ShiftingRow(key: $0) })
        let new = Rows((1_000..<1_200).map { ShiftingRow(key: $0) })
        ShiftingRow.divisor = 2
        print("TestProbe: \(new.changes(since: old))")
    case "rows-diff-duplicate-new-id":
        // The old rows keep IDs of their own (0 to 199 once the divisor is 2); the new ones, in the other order,
        // share them two by two.
        let old = Rows((0..<200).map { ShiftingRow(key: 2 * $0) })
        let new = Rows((0..<200).reversed().map { ShiftingRow(key: $0) })
        ShiftingRow.divisor = 2
        print("TestProbe: \(new.changes(since: old))")
    case "shared-change-without-fakes":
        // A process where no fake or clock was ever made, so a send ties no task-local to its input: the change the
        // input makes is still named with it.
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(SharingViewModel(), spy: ReloadSpy())
            tester.send { $0.shareButtonDidTap() }
        }
        for report in reports { print("TestProbe: \(report.message)") }
    case "shared-change-before-the-first-send":
        // A process whose testers sent nothing yet: a change made while no tester is alive is nobody's, as it is
        // after a send (`SharedStateTests` checks that one in its own process, where sends came before).
        let reports = FailureReporter.capture {
            _ = ViewModelTester(SharingViewModel(), spy: ReloadSpy())
            let orphan = SharedState(0, label: "orphan")
            orphan.update { $0 = 1 }
            let tester = ViewModelTester(SharingViewModel(), spy: ReloadSpy())
            tester.send { $0.shareButtonDidTap() }
        }
        for report in reports { print("TestProbe: \(report.message)") }
    case "read-standard-input-to-end":
        // What `--password-stdin` meets with the standard input the test gives (a folder, which cannot be read):
        // what the read gave, and the error the terminal keeps for the program's end report.
        Task { @MainActor in
            let terminal = SystemTerminal()
            let contents = await terminal.readStandardInputToEnd(maximumBytes: 64)
            print("TestProbe: \(contents)")
            print("TestProbe: stream errors \(terminal.streamErrors.map(\.description))")
            print("TestProbe: \(scenario) ended normally")
            exit(0)
        }
        dispatchMain()
    case "stuck-await":
        runXCTest([testCase([("testAwaitsWhatNeverComes", asyncTest(StuckTests.testAwaitsWhatNeverComes))])])
    case "stuck-loop":
        runXCTest([testCase([("testSpinsWithoutSuspending", StuckTests.testSpinsWithoutSuspending)])])
    case "stuck-unguarded":
        runXCTest([testCase([("testTakesLongerThanTheLimit", asyncTest(UnguardedTests.testTakesLongerThanTheLimit))])])
    default:
        FileHandle.standardError.write(Data("TestProbe: unknown scenario \(scenario.debugDescription)\n".utf8))
        exit(64)
    }
    print("TestProbe: \(scenario) ended normally")
}

MainActor.assumeIsolated { run(CommandLine.arguments.dropFirst().first ?? "") }
