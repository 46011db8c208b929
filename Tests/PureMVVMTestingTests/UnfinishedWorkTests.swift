import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// A test whose fakes or clock still hold work at its end fails once, naming the work and the input that started
/// it; the explorer fails a sequence whose freed ViewModel left work waiting.
@MainActor
final class UnfinishedWorkTests: GuardedTestCase {
    private typealias Work = PendingCalls<Int, Int, CancellationError>

    /// The tester lets its ViewModel go before it looks at the work still waiting: work that the freed ViewModel
    /// left waiting outlived its screen and fails, once, naming the call and the input that started it.
    func testACallLeftWaitingByAFreedViewModelFailsOnceWhenTheTesterIsFreed() async throws {
        let work = Work(whenCancelled: CancellationError())  // made before the tester, as a test case's fake is
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(cancelsItsWorkWhenFreed: false), spy: CounterSpy())
            line = #line + 1
            tester.send { $0.refreshButtonDidTap(work) }
            let request = try await work.next()
            XCTAssertEqual(request, 1)
        }
        assertOneFailure(
            reports,
            containing: """
                The ViewModel was freed at the end of the test, but 1 piece of async work it started is still \
                unfinished:
                  - PendingCalls<Int, Int, CancellationError>: the call 1 still waits for an answer; it started \
                during `refreshButtonDidTap(work)` (UnfinishedWorkTests.swift:\(line)).
                To fix: keep each Task the ViewModel starts and cancel it in deinit
                """)
        XCTAssertEqual(work.pendingCount, 1)
        XCTAssertTrue(work.fail(with: CancellationError()))
    }

    /// A toolkit task that an input started and that has not run when the test ends is still running: the test
    /// ended before it could see what the task does, and the advice says how to wait for such a task.
    func testATaskStillRunningAtTheEndFailsSayingHowToLetItEnd() async {
        var line: UInt = 0
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(StartingViewModel(), spy: CounterSpy())
            line = #line + 1
            tester.send { $0.startButtonDidTap() }
        }
        assertOneFailure(
            reports,
            containing: """
                1 piece of async work was still running by the end of the test:
                  - a task of an InFlightTask<Int, CancellationError> is still running: its operation has not \
                returned, and it waits on no PendingCalls or ManualClock; it started during `startButtonDidTap()` \
                (UnfinishedWorkTests.swift:\(line)).
                To fix: make the task's operation wait only on what the test controls (a PendingCalls, a \
                ManualClock), then `await tester.settle()` and answer it, or let the ViewModel cancel it when it is \
                freed. (`await tester.finish()` settles too, but then fails for every call or sleep still waiting.)
                """)
    }

    /// A ViewModel that cancels its request when it is freed passes the test that proves it: the tester's check
    /// comes after the ViewModel is gone.
    func testLeavingTheScreenMidRequestFreesTheViewModelAndCancelsTheRequest() async throws {
        let work = Work(whenCancelled: CancellationError())
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            var tester: ViewModelTester<TidyViewModel, CounterSpy>? = ViewModelTester(
                TidyViewModel(), spy: CounterSpy())
            let viewModel = WeakReference(tester?.viewModel)
            line = #line + 1
            tester?.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
            tester = nil
            XCTAssertNil(viewModel.object, "nothing but the tester kept the ViewModel")
            XCTAssertEqual(work.pendingCount, 0, "freeing the ViewModel cancelled its request")
            XCTAssertEqual(work.history.map { "\($0.outcome)" }, ["cancelled"])
        }
        XCTAssertEqual(reports.failures.messages, [])
        XCTAssertEqual(
            reports.map(\.message),
            [
                "When the tester ended, 1 piece of async work still waited; the ViewModel cancelled it as it was "
                    + "freed:\n  - PendingCalls<Int, Int, CancellationError>: the call 1 still waits for an answer; it "
                    + "started during `refreshButtonDidTap(work)` (UnfinishedWorkTests.swift:\(line)).\nEnd the test "
                    + "with `await tester.finish()` to make work still waiting fail it."
            ], "a note, not a failure")
    }

    /// A ViewModel kept alive past the tester's end is not freed, so what still waits is reported as unfinished.
    func testWorkOfAViewModelTheTestStillHoldsFailsAsUnfinished() async throws {
        let work = Work(whenCancelled: CancellationError())
        let viewModel = TidyViewModel()
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(viewModel, spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
        }
        assertOneFailure(
            reports,
            containing: "1 piece of async work is still unfinished by the end of the test:\n  - PendingCalls<Int, "
                + "Int, CancellationError>: the call 1 still waits for an answer")
        XCTAssertTrue(work.respond(with: 1))
    }

    func testASleeperLeftOnTheClockFailsNamingItsDelayAndLabelledCallsByTheirLabel() async throws {
        let clock = ManualClock()
        let work = Work(whenCancelled: CancellationError(), label: "counts")
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            let other = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            other.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
            tester.send { $0.countLaterButtonDidTap(on: clock, after: .seconds(300)) }
            try await clock.nextSleep()
            await clock.advance(by: .milliseconds(300))
            await tester.finish()
            other.checksUnfinishedWork = false
        }
        assertOneFailure(
            reports,
            containing: "1 piece of async work is still unfinished at finish():\n  - ManualClock: a sleep of 300.0 "
                + "seconds still waits (until 300.0 seconds; the clock is at 0.3 seconds); it started during "
                + "`countLaterButtonDidTap(on: clock, after: .seconds(300))`")
        XCTAssertFalse(reports.messages.joined().contains("counts"), "the other tester's call is not this one's")
    }

    /// A sleep cancelled while another waits on the same clock leaves the clock among the work that waits.
    func testASleepLeftOnTheClockIsListedThoughAnotherOnItWasCancelled() async throws {
        let clock = ManualClock()
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.send { $0.countLaterButtonDidTap(on: clock, after: .seconds(300)) }
            try await clock.nextSleep()
            freed: do {
                let other = ViewModelTester(TidyViewModel(), spy: CounterSpy())
                other.checksUnfinishedWork = false
                other.send { $0.countLaterButtonDidTap(on: clock, after: .seconds(1)) }
                try await clock.nextSleep()
                break freed
            }
            // Freed with its tester, the other ViewModel cancelled its sleep; the first still waits.
            await tester.finish()
        }
        assertOneFailure(
            reports,
            containing: "1 piece of async work is still unfinished at finish():\n  - ManualClock: a sleep of 300.0 "
                + "seconds still waits")
    }

    func testTheWorkOfEveryTesterIsItsOwnAndListedInOneFailure() async throws {
        let work = Work(whenCancelled: CancellationError(), label: "counts")
        let otherWork = Work(whenCancelled: CancellationError(), label: "counts")
        let clock = ManualClock()
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            let second = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            second.send { $0.refreshButtonDidTap(otherWork) }
            third: do {
                let third = ViewModelTester(TidyViewModel(), spy: CounterSpy())
                third.send { $0.countLaterButtonDidTap(on: clock, after: .seconds(1)) }
                try await clock.nextSleep()
                await clock.advance(by: .seconds(1))
                await third.receiveReload { $0.count = 1 }
                break third
            }
            _ = try await work.next()
            _ = try await otherWork.next()
            await tester.finish()
            work.respond(with: 5)
            await tester.receiveReload { $0.count = 5 }
            await second.finish()
            otherWork.respond(with: 1)
        }
        XCTAssertEqual(reports.failures.count, 2, "\(reports.messages)")
        XCTAssertTrue(reports.messages.allSatisfy { $0.contains("PendingCalls \"counts\": the call 1 still waits") })
        XCTAssertFalse(reports.messages.joined().contains("ManualClock"), "a sleep that ended is finished work")
    }

    func testAnsweredWorkPassesAndFinishChecksOnlyOnce() async throws {
        let work = Work(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
            await tester.finish()
            await tester.finish()
        }
        XCTAssertEqual(reports.failures.count, 1, "once at finish(), not again when freed: \(reports.messages)")
        let answered = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
            work.respond(with: 3)
            await tester.receiveReload { $0.count = 3 }
        }
        XCTAssertEqual(answered.messages, [])
    }

    func testATestThatStopsEarlyOnPurposeOptsOut() async throws {
        let work = Work(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.checksUnfinishedWork = false
            tester.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A tester that finished no longer claims work: once it has, the one tester still open does.
    func testATesterThatFinishedClaimsNoMoreWork() async throws {
        let work = Work(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let finished = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            await finished.finish()
            let tester = ViewModelTester(TidyViewModel(cancelsItsWorkWhenFreed: false), spy: CounterSpy())
            tester.viewModel.refreshButtonDidTap(work)
            _ = try await work.next()
            _ = finished
        }
        assertOneFailure(reports, containing: "it started outside any send, after the tester was made")
        XCTAssertTrue(work.respond(with: 1))
    }

    func testWorkStartedOutsideASendBelongsToTheOneTesterAlive() async throws {
        let work = Work(whenCancelled: CancellationError())
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            line = #line + 1
            let tester = ViewModelTester(TidyViewModel(cancelsItsWorkWhenFreed: false), spy: CounterSpy())
            tester.viewModel.refreshButtonDidTap(work)
            _ = try await work.next()
        }
        assertOneFailure(
            reports,
            containing: "it started outside any send, after the tester was made (UnfinishedWorkTests.swift:\(line)).")

        let ambiguous = try await FailureReporter.capture {
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            let other = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.viewModel.refreshButtonDidTap(work)
            _ = try await work.next()
            await other.finish()
        }
        XCTAssertEqual(ambiguous.messages, [], "with two testers alive, work from outside a send is no one's")
    }

    func testASendTiesWorkToItsInputWhileAFakeOrAClockIsAlive() async throws {
        // A send binds the input as the work's origin only while a fake or a clock is alive (binding it costs more
        // than the rest of a passing send): each counts itself while it lives.
        let registry = WorkRegistry.shared
        let before = registry.liveSourceCount
        do {
            let work = Work(whenCancelled: CancellationError())
            let clock = ManualClock()
            XCTAssertEqual(registry.liveSourceCount, before + 2)
            XCTAssertTrue(registry.isFollowingWork)
            _ = (work, clock)
        }
        XCTAssertEqual(registry.liveSourceCount, before, "a freed fake or clock no longer counts")
    }

    // MARK: The explorer

    private var explored = Work(whenCancelled: CancellationError())

    private func makeCounterTester() -> ViewModelTester<CounterViewModel, CounterSpy> {
        ViewModelTester(CounterViewModel(), spy: CounterSpy())
    }

    private func makeTidyTester() -> ViewModelTester<TidyViewModel, CounterSpy> {
        explored = Work(whenCancelled: CancellationError())
        return ViewModelTester(TidyViewModel(), spy: CounterSpy())
    }

    func testTheExplorerFailsASequenceWhoseFreedViewModelLeftWorkWaiting() async {
        let work = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let explorer = ContractExplorer(
            makeCounterTester,
            inputs: [
                .call("incrementButtonDidTap()") { $0.incrementButtonDidTap() },
                .call("refreshButtonDidTap(work)") { $0.refreshButtonDidTap(work) },
            ])
        explorer.seed = 7
        explorer.usesEnvironment = false
        explorer.runs = 20
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(
            reports,
            containing: "shrunk from 10 steps to 1:\n  1. refreshButtonDidTap",
            "What failed:\n  The ViewModel was freed at the end of the sequence, but 1 piece of async work it started "
                + "is still unfinished:\n    - PendingCalls<(), Int, CancellationError>: the call () still waits for an "
                + "answer; it started during `refreshButtonDidTap",
            "To fix: keep each Task the ViewModel starts and cancel it in deinit")
    }

    /// A sequence that fails at the input that started a toolkit task reports that input's failure alone: the task,
    /// which had no turn to run yet and which the ViewModel's `InFlightTask` cancels as it is freed, is no failure
    /// of its own, though a test's tester that ended so would report it still running.
    func testTheExplorerReportsASequenceThatFailsAsATaskStartsWithoutTheTask() async {
        let countStore = CountStore()
        let clock = ManualClock()
        let explorer = ContractExplorer(
            { ViewModelTester(SavingViewModel(countStore: countStore, clock: clock), spy: CounterSpy()) },
            inputs: [
                // The planted bug: the save starts, and a reload names an output nothing changed.
                .call("incrementAndReloadTheTitle()") { viewModel in
                    viewModel.incrementButtonDidTap()
                    viewModel.delegate?.reloadViews([.title], from: ReadOnlyOutputs(viewModel.outputs))
                }
            ])
        explorer.seed = 7
        explorer.usesEnvironment = false
        explorer.runs = 5
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(
            reports,
            containing: " sent reloadViews([title]) but no output changed.\n  To fix: send a reload only when an "
                + "output changed; OutputStore.update(notifying:_:) does this.\nThe same steps as a test")
    }

    func testTheExplorerPassesAViewModelThatCancelsItsWorkWhenFreed() async {
        let explorer = ContractExplorer(
            makeTidyTester,
            inputs: [
                .call("refreshButtonDidTap(explored)") { $0.refreshButtonDidTap(self.explored) },
                .step("explored.respond(with: 2)") { self.explored.respond(with: 2) },
            ])
        explorer.seed = 7
        explorer.usesEnvironment = false
        explorer.runs = 20
        let reports = await FailureReporter.capture { await explorer.run() }
        XCTAssertEqual(reports.failures.messages, [])
    }
}

/// Starts a task whose operation returns at once: it runs only once the main actor is free.
@MainActor
private final class StartingViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    private let task = InFlightTask<Int, CancellationError>()

    func startButtonDidTap() {
        task.start { () async throws(CancellationError) -> Int in 1 } then: { _ in }
    }
}
