import Foundation
import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// One seed, one verdict: the same seed finds the same sequence and reports the same failure, run after run, with
/// other threads busy, because the toolkit's tasks run on the main queue while a test drives them and every step
/// settles before the next.
@MainActor
final class ExplorerDeterminismTests: GuardedTestCase {
    private func explore() async -> String {
        let countStore = CountStore()
        let clock = ManualClock()
        let explorer = ContractExplorer(
            { ViewModelTester(SavingViewModel(countStore: countStore, clock: clock), spy: CounterSpy()) },
            inputs: [
                .call { $0.incrementButtonDidTap() },
                .call(with: .optionalText(around: [2], including: ["milk"])) { $0.noteDidChange($1 ?? "") },
                .step { countStore.saves.respond(with: 1 + (countStore.saves.pendingRequests.first ?? 0)) },
                .step { countStore.saves.fail(with: CancellationError()) },
                .step { await clock.advance(by: .milliseconds(300)) },
            ])
        explorer.invariant("the count stays below 3") { $0.count < 3 }
        explorer.seed = 20_261_127
        explorer.runs = 100
        let reports = await FailureReporter.capture { await explorer.run() }
        return reports.failures.messages.joined(separator: "\n")
    }

    /// Two saves started by one input reach the fake in the order they started, every time: both tasks run their
    /// fake's `async` method on the main queue, in order, instead of racing on the global executor.
    private func exploreTwoSaves() async -> String {
        let store = TwoSavesStore()
        let explorer = ContractExplorer(
            { ViewModelTester(TwoSavesViewModel(store: store), spy: CounterSpy()) },
            inputs: [
                .call { $0.saveBothButtonDidTap() },
                .step { store.saves.respond(with: ()) },
            ])
        explorer.invariant("the first save is the first to finish") { $0.title != "b" }
        explorer.seed = 7
        explorer.runs = 15
        let reports = await FailureReporter.capture { await explorer.run() }
        return reports.failures.messages.joined(separator: "\n")
    }

    func testTwoSavesOfOneInputArriveInTheOrderTheyStartedEveryTime() async {
        let load = BusyThreads(count: 2)
        defer { load.stop() }
        var verdicts: [String] = []
        for _ in 0..<3 { verdicts.append(await exploreTwoSaves()) }
        XCTAssertEqual(verdicts, ["", "", ""])
    }

    func testTheSameSeedGivesTheSameVerdictWithOtherThreadsBusy() async {
        let load = BusyThreads(count: 2)
        defer { load.stop() }
        var verdicts: [String] = []
        for _ in 0..<3 { verdicts.append(await explore()) }
        XCTAssertTrue(verdicts[0].contains("the invariant \"the count stays below 3\" does not hold"), verdicts[0])
        XCTAssertEqual(Set(verdicts).count, 1, "the verdicts differ:\n\(Set(verdicts).joined(separator: "\n---\n"))")
    }
}

/// A store whose save hops twice before it reaches its fake, as a real service's work would.
final class TwoSavesStore: Sendable {
    let saves = PendingCalls<String, Void, CancellationError>(whenCancelled: CancellationError(), label: "saves")

    func save(_ name: String) async throws(CancellationError) {
        await Task.yield()
        await Task.yield()
        try await saves.wait(for: name)
    }
}

/// Starts two saves with one tap; the title shows the name of the first to finish.
@MainActor
final class TwoSavesViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    private let saves: TwoSavesStore
    private let first = InFlightTask<String, CancellationError>()
    private let second = InFlightTask<String, CancellationError>()

    init(store: TwoSavesStore) { saves = store }

    func saveBothButtonDidTap() {
        for (task, name) in [(first, "a"), (second, "b")] {
            task.start { [saves] () async throws(CancellationError) -> String in
                try await saves.save(name)
                return name
            } then: { [weak self] result in
                guard let self, case .success(let name) = result, outputs.title.isEmpty else { return }
                store.update(notifying: delegate) { $0.title = name }
            }
        }
    }
}

/// Threads that keep cores busy until stopped, so that the scheduling the explorer sees is not a quiet machine's.
private final class BusyThreads: @unchecked Sendable {  // `stopped` is behind its lock.
    private let lock = NSLock()
    private var stopped = false

    init(count: Int) {
        for _ in 0..<count {
            Thread { [self] in
                var spins = 0
                while !lock.locked({ stopped }) { spins &+= 1 }
            }.start()
        }
    }

    func stop() {
        lock.locked { stopped = true }
    }
}
