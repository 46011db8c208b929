import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

@MainActor
final class ViewModelTesterTests: GuardedTestCase {
    func testAGoodViewModelPassesWithExactExpectations() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 1
                $0.title = "Count: 1"
            }
            tester.send { $0.titleFieldDidChange("Count: 1") }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAWrongExpectationFailsWithAFieldByFieldDiff() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 2
                $0.title = "Count: 1"
            }
        }
        assertOneFailure(
            reports,
            containing: "After `incrementButtonDidTap()`, the outputs are not what the test expected:",
            """
              CounterOutputs(
            −   count: 2
            +   count: 1
                title: "Count: 1"
              )
            (−: expected, +: actual)
            """
        )
    }

    func testAnOmittedChangeFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send { $0.titleFieldDidChange("hello") }
        }
        assertOneFailure(reports, containing: "−   title: \"\"", "+   title: \"hello\"")
    }

    // MARK: Contract checks, each on a broken ViewModel

    func testAnOutputChangedWithoutAReloadFailsNamingTheInput() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
        }
        assertOneFailure(reports, containing: "`incrementButtonDidTap()` changed count (0 → 1) without a reload.")
    }

    func testAnOutputChangedWithoutAReloadFailsThoughAnotherDelegateCallCame() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulViewModel(), spy: CounterSpy())
            tester.send({ $0.alertButtonDidTap() }) { $0.count = 1 }
            await tester.receive(.alert("Counted."))
        }
        assertOneFailure(reports, containing: "`alertButtonDidTap()` changed count (0 → 1) without a reload.")
    }

    func testMoreThanOneReloadForOneInputFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ChattyViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 1
                $0.title = "Count: 1"
            }
        }
        assertOneFailure(
            reports,
            containing: "`incrementButtonDidTap()` sent 2 reloads: reloadViews([count]), reloadViews([title])."
        )
    }

    func testAReloadWithNothingChangedFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CarelessViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap() }
        }
        assertOneFailure(
            reports, containing: "`refreshButtonDidTap()` sent reloadViews([count, title]) but no output changed.")
    }

    func testAChangeSetNamingTheWrongOutputsFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CarelessViewModel(), spy: CounterSpy())
            tester.send({ $0.titleFieldDidChange("hello") }) { $0.title = "hello" }
        }
        assertOneFailure(
            reports,
            containing:
                "`titleFieldDidChange(\"hello\")` sent reloadViews([count]), but the outputs that changed are [title]."
        )
    }

    func testAnOutputChangedAfterTheReloadFailsNamingIt() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(HastyViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 1
                $0.title = "Count: 1"
            }
        }
        assertOneFailure(
            reports,
            containing: """
                `incrementButtonDidTap()` changed title ("" → "Count: 1") after its reload.
                To fix: make every change of one input before the reload, in one OutputStore.update(notifying:_:).
                """)
    }

    func testAReloadNamingNothingWhenNothingChangedFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(HastyViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap() }
        }
        assertOneFailure(
            reports,
            containing: """
                `refreshButtonDidTap()` sent reloadViews([]) but no output changed.
                To fix: send a reload only when an output changed; OutputStore.update(notifying:_:) does this.
                """)
    }

    func testAReloadHandingTheViewStaleOutputsFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CarelessViewModel(), spy: CounterSpy())
            tester.send({ $0.countFieldDidChange(3) }) { $0.count = 3 }
        }
        let messages = reports.failures.messages
        XCTAssertTrue(
            messages.contains {
                $0.contains(
                    "`countFieldDidChange(3)` sent reloadViews([count]) with outputs that are not the ViewModel's")
            },
            "\(messages)")
    }

    /// Each of several reloads is held to the ViewModel's outputs, not only the one reload of the usual event.
    func testOneOfTwoReloadsHandingTheViewStaleOutputsFails() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CarelessViewModel(), spy: CounterSpy())
            tester.send({ $0.countStepperDidChange(3) }) { $0.count = 3 }
        }
        let messages = reports.failures.messages
        XCTAssertTrue(messages.contains { $0.contains("`countStepperDidChange(3)` sent 2 reloads") }, "\(messages)")
        XCTAssertTrue(
            messages.contains {
                $0.contains(
                    "`countStepperDidChange(3)` sent reloadViews([count]) with outputs that are not the ViewModel's: "
                        + "count (3 → 0), from the ViewModel's `outputs` to the reload's.\n"
                        + "To fix: reload through OutputStore.update(notifying:_:) or set(_:to:field:notifying:), "
                        + "which hand the view the store's outputs; a ViewModel that calls reloadViews itself passes "
                        + "ReadOnlyOutputs(outputs), after changing them.")
            },
            "\(messages)")
    }

    func testADelegateCallOffTheMainThreadFailsInsteadOfCrashing() async {
        var log = ""
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(OffMainViewModel(), spy: CounterSpy())
            tester.send { $0.alertButtonDidTap() }
            log = tester.log
        }
        assertOneFailure(
            reports,
            containing:
                "`alertButtonDidTap()` called the delegate off the main thread: .alert(\"from a background thread\")."
        )
        XCTAssertEqual(log, "> alertButtonDidTap()\n.alert(\"from a background thread\")  [off the main thread]")
    }

    /// A reload that reaches the spy after its tester ended and let the ViewModel go is recorded with no outputs of
    /// the ViewModel's own: there is no ViewModel left to read them from.
    func testAReloadAfterTheTesterEndedIsRecordedWithoutTheViewModelsOutputs() {
        let spy = CounterSpy()
        weak var freed: CounterViewModel?
        do {
            let viewModel = CounterViewModel()
            freed = viewModel
            _ = ViewModelTester(viewModel, spy: spy)
        }
        XCTAssertNil(freed, "the tester let the ViewModel go")
        spy.reloadViews([.count], from: ReadOnlyOutputs(CounterOutputs(count: 1)))
        guard case .reload(_, let outputs, let own)? = spy.recorder.takeCalls().first else {
            return XCTFail("the reload was not recorded")
        }
        XCTAssertEqual(outputs.count, 1)
        XCTAssertNil(own)
    }

    /// Alone or among calls in any order, the call is reported once: as off the main thread, not also as missing.
    func testAnOffMainCallThatArrivesWhileReceivingIsReportedOnce() async throws {
        typealias Tester = ViewModelTester<LateOffMainViewModel, CounterSpy>
        let call = CounterEvent.alert("late, from a background thread")
        let receives: [(waitingFor: String, receive: (Tester) async -> Void)] = [
            ("`alert(\"late, from a background thread\")`", { await $0.receive(call, timeout: .seconds(5)) }),
            (
                "`alert(\"late, from a background thread\")` in any order",
                { await $0.receive(inAnyOrder: [call], timeout: .seconds(5)) }
            ),
        ]
        for (waitingFor, receive) in receives {
            let work = PendingCalls<Void, Void, CancellationError>(whenCancelled: CancellationError())
            let reports = try await FailureReporter.capture {
                let tester = ViewModelTester(LateOffMainViewModel(), spy: CounterSpy())
                tester.send { $0.alertButtonDidTap(after: work) }
                try await work.next()
                work.respond(with: ())
                await receive(tester)
                await tester.finish()
            }
            assertOneFailure(
                reports,
                containing: "While waiting for \(waitingFor), the ViewModel called the delegate off the main thread: "
                    + ".alert(\"late, from a background thread\").")
        }
    }

    func testAnOffMainReloadThatArrivesWhileReceivingAReloadIsReportedOnce() async throws {
        let work = PendingCalls<Void, Void, CancellationError>(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(LateOffMainViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(after: work) }
            try await work.next()
            work.respond(with: ())
            await tester.receiveReload(timeout: .seconds(5))
            await tester.finish()
        }
        assertOneFailure(
            reports,
            containing: "While waiting for a reload, the ViewModel called the delegate off the main thread: "
                + "reloadViews([count]).")
    }

    func testAChangingReloadOffTheMainThreadIsReportedOnceNotAlsoAsAChangeWithoutAReload() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(OffMainReloadingViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
        }
        assertOneFailure(
            reports,
            containing: "`incrementButtonDidTap()` called the delegate off the main thread: reloadViews([count]).")
        let unexpected = FailureReporter.capture {
            let tester = ViewModelTester(OffMainReloadingViewModel(), spy: CounterSpy())
            tester.send { $0.incrementButtonDidTap() }
        }
        XCTAssertEqual(unexpected.failures.count, 2, "the change the test did not expect is still a failure")
    }

    func testALateChangingReloadOffTheMainThreadIsReportedOnce() async throws {
        let work = PendingCalls<Void, Void, CancellationError>(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(OffMainReloadingViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(after: work) }
            try await work.next()
            work.respond(with: ())
            await tester.receiveReload { $0.count = 1 }
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 2 }
        }
        XCTAssertEqual(reports.failures.count, 2, "one per reload off the main thread: \(reports.failures.messages)")
        XCTAssertFalse(reports.messages.contains { $0.contains("without a reload") }, "\(reports.messages)")
    }

    func testASpyThatIsNotTheDelegateTypeFails() async {
        let reports = FailureReporter.capture {
            _ = ViewModelTester(CounterViewModel(), spy: ReloadSpy<CounterOutputs>())
        }
        assertOneFailure(reports, containing: "ReloadSpy<CounterOutputs> cannot be the delegate of CounterViewModel")
    }

    func testASpyThatIsNotTheDelegateFailsOnceAndTheTesterThenChecksNothing() async {
        /// A spy with the counter's outputs and events that does not conform to its delegate protocol.
        @MainActor final class StraySpy: DelegateSpy {
            let recorder = DelegateRecorder<CounterOutputs, CounterEvent>()
        }
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: StraySpy())
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
            tester.send { $0.incrementButtonDidTap() }
            await tester.receiveReload(timeout: .seconds(5)) { $0.count = 7 }
            await tester.receive(.alert("Three!"), timeout: .seconds(5))
            tester.viewModel.incrementButtonDidTap()  // an output changed with no reload: not reported either
            await tester.finish()
        }
        assertOneFailure(
            reports, containing: "StraySpy cannot be the delegate of CounterViewModel",
            "This tester checks nothing else.", "ReloadSpy fits only a delegate that is just ReloadDelegate<")
    }

    // MARK: TesterStrictness

    func testAnUnassertedCallFailsAtTheEndListingIt() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.strictness = .exhaustive
            incrementThreeTimes(tester)
        }
        assertOneFailure(
            reports, containing: "1 delegate call was not asserted by the end of the test:\n  alert(\"Three!\")")
    }

    func testAnUnassertedCallFailsBeforeTheNextInput() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 1; $0.title = "Count: 1"
            }
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 2; $0.title = "Count: 2"
            }
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = 3; $0.title = "Count: 3"
            }
            tester.send({ $0.titleFieldDidChange("x") }) { $0.title = "x" }
        }
        assertOneFailure(reports, containing: "was not asserted before `titleFieldDidChange(\"x\")`:")
    }

    func testTheEndOfTestChecksRunOnceNotAgainWhenTheTesterIsFreed() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(ForgetfulViewModel(), spy: CounterSpy())
            tester.viewModel.incrementButtonDidTap()  // as async work would: no input, and no reload
            await tester.finish()
        }
        assertOneFailure(reports, containing: "The outputs changed count (0 → 1) without a reload at finish().")
    }

    func testReceivingTheCallSatisfiesExhaustivity() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            incrementThreeTimes(tester)
            await tester.receive(.alert("Three!"))
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testReceivingTheWrongEventShowsADiff() async {
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            incrementThreeTimes(tester)
            await tester.receive(.alert("Four!"))
        }
        assertOneFailure(reports, containing: "−", "\"Four!\"", "+", "\"Three!\"")
    }

    func testNonExhaustiveSkipsQuietlyOrWithNotes() async {
        for showSkipped in [false, true] {
            let reports = FailureReporter.capture {
                let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
                tester.strictness = .partial(showingSkipped: showSkipped)
                for _ in 1...3 {
                    tester.send({ $0.incrementButtonDidTap() }) { $0.title = "Count: \($0.count)" }
                }
            }
            XCTAssertEqual(reports.failures.messages, [])
            XCTAssertEqual(reports.notes.count, showSkipped ? 1 : 0, "\(reports.notes.messages)")
        }
    }

    func testAnExploredStepIsNamedOnlyForAMessageThatShowsIt() {
        for showSkipped in [false, true] {
            var namings = 0
            let reports = FailureReporter.capture {
                let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
                tester.strictness = .partial(showingSkipped: showSkipped)
                tester.stepName = { step in
                    namings += 1
                    return "step \(step + 1)"
                }
                // The third tap's alert is asserted by no one: the fourth send finds it.
                for step in 0..<4 {
                    tester.send(
                        named: .step(step), { $0.incrementButtonDidTap() },
                        outputs: { $0.title = "Count: \($0.count)" },
                        at: FailureLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
                }
            }
            XCTAssertEqual(reports.failures.messages, [])
            XCTAssertEqual(reports.notes.messages.map { $0.contains("before `step 4`") }, showSkipped ? [true] : [])
            // Naming an explored step reads the test's source: a passing sequence must not pay for it.
            XCTAssertEqual(namings, showSkipped ? 1 : 0, "the step is named for the note, and only for it")
        }
    }

    func testNonExhaustiveStillChecksTheOutputsItNames() async {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.strictness = .partial
            tester.send({ $0.incrementButtonDidTap() }) { $0.count = 5 }
        }
        assertOneFailure(reports, containing: "−   count: 5", "+   count: 1")
    }

    // MARK: Asynchronous work

    func testAsyncReloadIsReceivedInOrderWithoutSleeping() async throws {
        let work = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            try await work.next()
            XCTAssertEqual(work.pendingCount, 1)
            work.respond(with: 42)
            await tester.receiveReload { $0.count = 42 }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testReceiveFailsWhenNoCallComes() async {
        let waited = await independentlyBounded("receiveReload to give up") { @MainActor in
            await FailureReporter.capture {
                let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
                await tester.receiveReload(timeout: .milliseconds(1)) { $0.count = 1 }
            }
        }
        guard case .success(let reports)? = waited else { return XCTFail("\(String(describing: waited))") }
        assertOneFailure(
            reports,
            containing: "Expected a reload, but the ViewModel made no delegate call since the tester was made "
                + "(ViewModelTesterTests.swift:")
    }

    func testReceivingAnEventWhenAReloadCameFailsWhenExhaustive() async throws {
        let work = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            tester.send { $0.refreshButtonDidTap(work) }
            _ = try await work.next()
            work.respond(with: 7)
            await tester.receive(.alert("Three!"))
        }
        assertOneFailure(
            reports,
            containing: """
                Expected `alert("Three!")`, but the next delegate call was `reloadViews([count])`, and no other can \
                come.
                To fix: if the ViewModel is right, assert `reloadViews([count])` first; receive(inAnyOrder:) takes \
                calls whose order does not matter, tester.ignoreEvents(where:) lets a kind of call the test does not \
                care about pass, and strictness = .partial skips every call not asserted.
                """)
    }

    /// A helper that waits for a reload for its caller and passes the caller's location on.
    private func receiveCount(
        _ count: Int, from tester: ViewModelTester<CounterViewModel, CounterSpy>, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await tester.receiveReload(
            timeout: .milliseconds(1), outputs: { $0.count = count }, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// A helper that waits for an alert for its caller and passes the caller's location on.
    private func receiveAlert(
        _ text: String, from tester: ViewModelTester<CounterViewModel, CounterSpy>, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await tester.receive(
            .alert(text), timeout: .milliseconds(1), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    func testReceiveFailuresInAHelperPointAtTheCallersLine() async {
        var lines: [UInt] = []
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            lines.append(#line + 1)
            await receiveCount(1, from: tester)
            lines.append(#line + 1)
            await receiveAlert("Three!", from: tester)
        }
        XCTAssertEqual(reports.failures.map(\.location.line), lines)
        XCTAssertEqual(reports.failures.map { "\($0.location.fileID)" }, [#fileID, #fileID])
    }

    // MARK: The call log

    func testTheLogListsInputsAndCallsWithChangedValues() async {
        let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
        incrementThreeTimes(tester)
        await tester.receive(.alert("Three!"))
        assertGolden(tester.log, matches: "testing/counter-log.txt")
    }

    /// Taps increment three times, asserting each reload; the third tap also sends the "Three!" alert.
    private func incrementThreeTimes(_ tester: ViewModelTester<CounterViewModel, CounterSpy>) {
        for count in 1...3 {
            tester.send({ $0.incrementButtonDidTap() }) {
                $0.count = count
                $0.title = "Count: \(count)"
            }
        }
    }
}

/// A tester freed off the main actor cannot check anything: it says so instead of passing unchecked.
@MainActor
final class TesterFreedOffTheMainActorTests: GuardedTestCase {
    /// Holds a tester where a task on another thread can let it go.
    private final class Holder: @unchecked Sendable {
        var tester: ViewModelTester<CounterViewModel, CounterSpy>?
    }

    /// Lets the tester go in a task off the main actor (a task made here, in nonisolated code, runs on the global
    /// executor, and keeps the test's task-locals, so its failure is captured).
    private nonisolated static func release(_ holder: Holder) async throws {
        try await Task { holder.tester = nil }.value(awaiting: "the tester to be let go off the main actor")
    }

    func testATesterFreedOffTheMainActorFailsSayingItsChecksDidNotRun() async throws {
        let reports = try await FailureReporter.capture {
            let holder = Holder()
            holder.tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            holder.tester?.send({ $0.titleFieldDidChange("typed") }) { $0.title = "typed" }
            try await Self.release(holder)
        }
        assertOneFailure(
            reports,
            containing: "The ViewModelTester<CounterViewModel, CounterSpy> made here was freed off the main actor, so "
                + "its end-of-test checks (delegate calls not asserted, outputs changed without a reload, unfinished "
                + "work) did not run.",
            "To fix: keep the tester on the main actor")
    }

    func testATesterThatFinishedOnTheMainActorSaysNothingWhenFreedOffIt() async throws {
        let reports = try await FailureReporter.capture {
            let holder = Holder()
            holder.tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
            await holder.tester?.finish()
            try await Self.release(holder)
        }
        XCTAssertEqual(reports.messages, [])
    }
}
