import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// A test waits until the ViewModel's work has run as far as it can, whether or not it changes an output, and the
/// end of a test says what arrived and what still runs.
@MainActor
final class SettleTests: GuardedTestCase {
    private let countStore = CountStore()
    private let clock = ManualClock()

    private func makeTester() -> ViewModelTester<SavingViewModel, CounterSpy> {
        ViewModelTester(SavingViewModel(countStore: countStore, clock: clock), spy: CounterSpy())
    }

    func testSettlingWaitsUntilTheWorkReachesItsFake() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.incrementButtonDidTap() }
            await tester.settle()
            XCTAssertEqual(countStore.saves.pendingRequests, [1], "the save reached the fake: no next() needed")
            countStore.saves.respond(with: 1)
            await tester.receiveReload { $0.count = 1 }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// TCA's `receive` waits for an effect's action; here the effect changes nothing on screen, and the test asserts
    /// what it did once the work has settled.
    func testAnEffectThatChangesNothingOnScreenIsAssertedOnceSettled() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.noteDidChange("milk") }
            await clock.advance(by: .milliseconds(300))
            await tester.settle()
            XCTAssertEqual(tester.viewModel.savedNotes, ["milk"])
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// The clock settles before it moves, so the second keystroke's sleep has started: it is the one that ends.
    func testAnAdvanceAfterTwoQuickKeystrokesEndsTheSecondOnesDelay() async {
        let tester = makeTester()
        tester.send { $0.noteDidChange("m") }
        tester.send { $0.noteDidChange("mi") }
        await clock.advance(by: .milliseconds(300))
        await tester.settle()
        XCTAssertEqual(tester.viewModel.savedNotes, ["mi"])
        XCTAssertEqual(clock.sleeperCount, 0, "the first keystroke's delay was cancelled, not left waiting")
    }

    /// A settle takes its turn through the global executor once, last, whether the work that left the main actor came
    /// back during the main actor's turns or during that one: the turn wakes two threads, the main actor's none.
    func testASettleGoesThroughTheGlobalExecutorOnce() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(AwayAndBackViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap() }
            let before = WorkWatch.shared.globalTurns
            await tester.settle()
            XCTAssertEqual(tester.viewModel.outputs.count, 1, "the work came back during the settle")
            XCTAssertEqual(WorkWatch.shared.globalTurns - before, 1)
            await tester.receiveReload { $0.count = 1 }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// finish() settles as settle() does, through the global executor once, so the work that left the main actor
    /// comes back and is seen before the test ends.
    func testFinishGoesThroughTheGlobalExecutorOnce() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(AwayAndBackViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap() }
            let before = WorkWatch.shared.globalTurns
            await tester.finish()
            XCTAssertEqual(WorkWatch.shared.globalTurns - before, 1)
        }
        assertOneFailure(reports, containing: "1 delegate call was not asserted at finish():\n  reloadViews([count])")
    }

    /// A settle that is not asked to end through the global executor (the explorer's after an input, a clock's
    /// advance) still does, once, when work started waiting off the main thread: that work's thread may have more
    /// to send back.
    func testASettleGoesThroughTheGlobalExecutorWhenWorkWaitedOffTheMainThread() async throws {
        let calls = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
        let quiet = WorkWatch.shared.globalTurns
        _ = await WorkWatch.shared.settle(throughGlobalExecutor: false, timeout: .seconds(5))
        XCTAssertEqual(WorkWatch.shared.globalTurns - quiet, 0, "nothing off the main thread: no turn")
        let waiter = Task.detached { try? await calls.wait(for: 1) }
        _ = try await calls.next()
        let before = WorkWatch.shared.globalTurns
        _ = await WorkWatch.shared.settle(throughGlobalExecutor: false, timeout: .seconds(5))
        XCTAssertEqual(WorkWatch.shared.globalTurns - before, 1)
        calls.respond(with: 1)
        _ = try await waiter.value(awaiting: "the waiter to take its answer")
    }

    /// Work that shows nothing until the settle's turn through the global executor (as work that waits for
    /// something off the main thread), then reloads once per pass of the main queue. The settle goes on after the
    /// global turn while the work does, so every step has come when it ends; one that ended at its global turn would
    /// leave every step the main thread did not get to while the settle was away.
    func testASettleGoesOnAfterTheGlobalTurnWhileTheWorkItLetRunGoesOn() async {
        let steps = 100
        let reports = await FailureReporter.capture {
            let viewModel = AwayAndBackViewModel()
            let tester = ViewModelTester(viewModel, spy: CounterSpy())
            tester.strictness = .partial  // the test is about how far the work ran, not each of its reloads
            // Called by the test itself: no send's marker, so only the turns show what the work does.
            let before = WorkWatch.shared.globalTurns
            viewModel.refreshStepByStep(steps: steps) { WorkWatch.shared.globalTurns > before }
            await tester.settle()
            XCTAssertEqual(WorkWatch.shared.globalTurns - before, 1, "one turn through the global executor")
            XCTAssertEqual(tester.viewModel.outputs.count, steps, "every step ran during the settle")
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A task of a send that took its answer off the main thread (a fake's `wait` is nonisolated) counts as running
    /// only while a task of that send is alive: once it has ended, the settle stops giving it rounds of turns,
    /// instead of the rounds it gives a task it cannot see end (40). The ViewModel keeps its `Task`, as a tidy one
    /// does.
    func testASettleStopsWaitingForAResumedTaskOfASendOnceTheSendsTasksHaveEnded() async {
        // What earlier tests resumed off the main thread without a send uses up its rounds first.
        _ = await WorkWatch.shared.settle(throughGlobalExecutor: false, timeout: .seconds(5))
        let reports = await FailureReporter.capture {
            let work = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
            let tester = ViewModelTester(TidyViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            let request = try? await work.next()
            XCTAssertEqual(request, 1)
            let before = WorkWatch.shared.resumedWorkRounds
            work.respond(with: 5)
            await tester.receiveReload { $0.count = 5 }
            await tester.settle()
            let rounds = WorkWatch.shared.resumedWorkRounds - before
            XCTAssertGreaterThan(rounds, 0, "the task resumed off the main thread: the settle gave it a round")
            XCTAssertLessThan(rounds, 10, "the settle stopped once the send's task had ended")
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testSettlingFindsAnOutputChangedWithoutAReload() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(AwayAndForgetfulViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap() }
            await tester.settle()
        }
        assertOneFailure(
            reports, containing: "Work that ran while the test settled changed count (0 → 1) without a reload")
    }

    func testWorkThatNeverSettlesFailsNamingIt() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(
                SavingViewModel(countStore: countStore, clock: ContinuousClock()), spy: CounterSpy())
            tester.checksUnfinishedWork = false
            tester.send { $0.noteDidChange("real time") }
            await tester.settle(timeout: .milliseconds(50))
        }
        assertOneFailure(
            reports,
            containing:
                "The ViewModel's work was still running after 0.05 seconds:\n  - a task of a Debouncer (delay 0.3 "
                + "seconds) is still running, before its delay; it started during `noteDidChange(\"real time\")`")
    }

    // MARK: The end of a test

    func testCallsThatArriveAfterTheLastAssertionAreListedAtTheEnd() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.incrementButtonDidTap() }
            await tester.settle()
            countStore.saves.respond(with: 1)
            await tester.settle()
            countStore.saves.fail(with: CancellationError())  // answers nothing: no call waits
            tester.viewModel.incrementButtonDidTap()
            await tester.settle()
            countStore.saves.fail(with: CancellationError())
            await tester.settle()
        }
        assertOneFailure(
            reports,
            containing: """
                2 delegate calls were not asserted by the end of the test:
                  reloadViews([count])
                  alert("not saved")
                """)
        XCTAssertFalse(reports.messages.joined().contains("without a reload"), "\(reports.messages)")
    }

    func testNonExhaustiveTestsSkipWhatArrivedLate() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.strictness = .partial
            tester.send { $0.incrementButtonDidTap() }
            await tester.settle()
            countStore.saves.respond(with: 1)
            await tester.finish()
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testFinishSettlesThenListsWhatArrived() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.incrementButtonDidTap() }
            await tester.settle()
            countStore.saves.respond(with: 1)
            await tester.finish()
        }
        assertOneFailure(
            reports, containing: "1 delegate call was not asserted at finish():\n  reloadViews([count])\n")
    }

    /// An answer the test gave as its last step, before the ViewModel could take it: the test ended before it
    /// could see what the answer does. Found every time, since the answer waits for the main actor.
    func testAnAnswerNotYetTakenWhenTheTestEndsFails() async {
        var line: UInt = 0
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            line = #line + 1
            tester.send { $0.incrementButtonDidTap() }
            await tester.settle()
            countStore.saves.respond(with: 1)
        }
        assertOneFailure(
            reports,
            containing: """
                1 piece of async work was still running by the end of the test:
                  - PendingCalls "saves": the call 1 was answered, but its caller has not taken the answer yet; it \
                started during `incrementButtonDidTap()` (SettleTests.swift:\(line)).
                To fix: let the ViewModel take the answer before the test ends: receive what it does
                """)
    }
}

/// Counts after a call that returns from the global executor, as a real dependency would, with its reload.
@MainActor
private final class AwayAndBackViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    private var task: Task<Void, Never>?

    deinit {
        task?.cancel()
    }

    func refreshButtonDidTap() {
        task = Task { [weak self] in
            await lookUpAway()
            guard let self else { return }
            store.update(notifying: delegate) { $0.count += 1 }
        }
    }

    /// Passes of the main queue that show nothing until `isReady` (work that waits for something off the main
    /// thread), then `steps` reloads, one per pass, as UIKit code that defers its work to the main queue's next pass
    /// does. It gives up after 100,000 passes.
    func refreshStepByStep(steps: Int, once isReady: @escaping @MainActor () -> Bool) {
        passOnMainQueue(stepsLeft: steps, waitingPasses: 100_000, isReady: isReady)
    }

    private func passOnMainQueue(stepsLeft: Int, waitingPasses: Int, isReady: @escaping @MainActor () -> Bool) {
        guard stepsLeft > 0, waitingPasses > 0 else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard isReady() else {
                    self.passOnMainQueue(stepsLeft: stepsLeft, waitingPasses: waitingPasses - 1, isReady: isReady)
                    return
                }
                self.store.update(notifying: self.delegate) { $0.count += 1 }
                self.passOnMainQueue(stepsLeft: stepsLeft - 1, waitingPasses: waitingPasses, isReady: isReady)
            }
        }
    }
}

/// Returns at once, from the global executor.
private nonisolated func lookUpAway() async {}
