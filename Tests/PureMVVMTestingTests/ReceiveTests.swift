import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// How a receive waits, and what it does with a call that is not the one it expects: it fails at once when no call
/// can come, leaves a call it did not take for the receive that takes it, takes calls in any order when asked, and
/// looks past calls of a kind the test ignores.
@MainActor
final class ReceiveTests: GuardedTestCase {
    /// A tester whose timeout is twice the bound of the tests that say a receive fails at once: one that waited
    /// for it would fail the bound.
    private static func makeTester() -> ViewModelTester<FormViewModel, FormSpy> {
        let tester = ViewModelTester(FormViewModel(), spy: FormSpy())
        tester.timeout = .seconds(10)
        return tester
    }

    // MARK: A receive that can get no call

    func testAReceiveThatNoWorkCanAnswerFailsAtOnceNamingTheInput() async {
        let waited = await independentlyBounded("the receive to fail at once") { @MainActor in
            await FailureReporter.capture {
                let tester = Self.makeTester()
                tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
                await tester.receive(.focus("email"))
            }
        }
        guard case .success(let reports)? = waited else { return XCTFail("\(String(describing: waited))") }
        assertOneFailure(
            reports,
            containing: """
                Expected `focus("email")`, but the ViewModel made no delegate call after `emailDidChange("a@b.c")` \
                (ReceiveTests.swift:
                """,
            """
            ), and none can come: every task the test started has ended, and nothing waits on its fakes or clocks.
            To fix: check that the ViewModel calls its delegate for that input
            """)
    }

    func testAReceiveWhileACallWaitsForAnAnswerFailsAtOnceNamingTheCall() async {
        let service = PendingCalls<String, Bool, CancellationError>(
            whenCancelled: CancellationError(), label: "sign-up service")
        let waited = await independentlyBounded("the receive to fail at once") { @MainActor in
            await FailureReporter.capture {
                let tester = Self.makeTester()
                tester.checksUnfinishedWork = false
                tester.send { $0.submitButtonDidTap(via: service) }
                await tester.receive(.alert("Sent"))
            }
        }
        guard case .success(let reports)? = waited else { return XCTFail("\(String(describing: waited))") }
        assertOneFailure(
            reports,
            containing: """
                Expected `alert("Sent")`, but the ViewModel made no delegate call after \
                `submitButtonDidTap(via: service)`
                """,
            """
            and none can come until the test acts: every task the test started has ended or waits on something the \
            test controls:
              - PendingCalls "sign-up service": the call "" still waits for an answer; it started during \
            `submitButtonDidTap(via: service)`
            """,
            "To fix: answer the call (respond(with:) or fail(with:)) before this receive; if the call should come")
        service.respond(with: true)
    }

    func testAReceiveWhileASleepWaitsFailsAtOnceNamingTheSleep() async {
        let clock = ManualClock()
        let waited = await independentlyBounded("the receive to fail at once") { @MainActor in
            await FailureReporter.capture {
                let tester = Self.makeTester()
                tester.checksUnfinishedWork = false
                tester.send { $0.submitButtonDidTap(on: clock) }
                await tester.receive(.alert("Sent"))
            }
        }
        guard case .success(let reports)? = waited else { return XCTFail("\(String(describing: waited))") }
        assertOneFailure(
            reports,
            containing: "  - ManualClock: a sleep of 1.0 seconds still waits (until 1.0 seconds; the clock is at 0.0 "
                + "seconds); it started during `submitButtonDidTap(on: clock)`",
            "To fix: advance the clock past the sleep (await clock.advance(by:)) before this receive")
    }

    func testAReceiveGetsTheCallOnceTheTestAnswers() async throws {
        let service = PendingCalls<String, Bool, CancellationError>(whenCancelled: CancellationError())
        let reports = try await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.submitButtonDidTap(via: service) }
            _ = try await service.next()
            service.respond(with: false)
            await tester.receive(.alert("Not sent"))
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A task of the send is alive and waits on nothing the tester sees: the receive waits for it, up to its
    /// timeout, and names it then; once it can go on, the call comes.
    func testAReceiveWaitsForATaskItCannotSeeInto() async {
        let gate = Gate()
        // A fake alive, as in most tests: the sends then tie their tasks to them.
        let service = PendingCalls<String, Bool, CancellationError>(whenCancelled: CancellationError())
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.submitButtonDidTap(after: gate) }
            await tester.receive(.alert("Sent"), timeout: .milliseconds(50))
            gate.open()
            await tester.receive(.alert("Sent"))
        }
        assertOneFailure(
            reports,
            containing: """
                made no delegate call after `submitButtonDidTap(after: gate)` (ReceiveTests.swift:
                """,
            """
            within 0.05 seconds, while its work still ran:
              - a task started during `submitButtonDidTap(after: gate)` (ReceiveTests.swift:
            """,
            "is still alive, waiting on none of the test's fakes or clocks (a real clock, a stream, another task?).",
            "To fix: make that work wait only on what the test controls")
        XCTAssertEqual(service.pendingCount, 0)
    }

    func testAReceiveWaitsForAToolkitTaskStillRunningAndNamesIt() async {
        let countStore = CountStore()
        let reports = await FailureReporter.capture {
            let tester = ViewModelTester(
                SavingViewModel(countStore: countStore, clock: ContinuousClock()), spy: CounterSpy())
            tester.checksUnfinishedWork = false
            tester.send { $0.noteDidChange("real time") }
            await tester.receiveReload(timeout: .milliseconds(50))
        }
        assertOneFailure(
            reports,
            containing: "within 0.05 seconds, while its work still ran:\n  - a task of a Debouncer (delay 0.3 "
                + "seconds) is still running, before its delay; it started during `noteDidChange(\"real time\")`")
    }

    // MARK: A receive that does not take the next call

    func testAnEventThatIsNotTheOneExpectedIsNamedOnceAndWaitsForItsOwnReceive() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
            tester.send({ $0.clearButtonDidTap() }) { $0.email = "" }
            await tester.receive(.alert("Saved"))
            await tester.receive(.alert("Cleared"))
        }
        assertOneFailure(
            reports,
            containing: """
                The delegate call is not the one the test expected (no other can come):
                """,
            "To fix: if the ViewModel is right, expect `alert(\"Cleared\")`; receive(inAnyOrder:) takes calls")
    }

    func testAnEventAFailureNamedIsNotListedAgainAtTheEnd() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
            tester.send({ $0.clearButtonDidTap() }) { $0.email = "" }
            await tester.receive(.alert("Saved"))
        }
        assertOneFailure(reports, containing: "The delegate call is not the one the test expected")
    }

    func testCallsReceivedInAnotherOrderFailOnceAndEachIsTaken() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(.keyboard(shown: true))
            await tester.receive(.focus("email"))
            tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
        }
        assertOneFailure(
            reports,
            containing: """
                Expected `keyboard(shown: true)`, but the delegate calls came in another order: `focus("email")` \
                came first.
                """,
            "(It waits for its own receive.)")
    }

    /// The send took the input's reload (a send checks every reload its input makes) and left the alert: a
    /// receiveReload then names the alert, which waits for its own receive.
    func testACallNamedAsComingFirstIsNotListedAgainAtTheEnd() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(.keyboard(shown: true))
        }
        assertOneFailure(reports, containing: "`focus(\"email\")` came first.")
    }

    func testAReceiveReloadWhenOnlyAnEventWaitsNamesItOnce() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
            tester.send({ $0.clearButtonDidTap() }) { $0.email = "" }
            await tester.receiveReload()
            await tester.receive(.alert("Cleared"))
        }
        assertOneFailure(
            reports,
            containing: "Expected a reload, but the next delegate call was `alert(\"Cleared\")`, and no other can come."
        )
    }

    // MARK: Calls in any order

    func testEventsReceivedInAnyOrderPassInEitherOrder() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(inAnyOrder: [.keyboard(shown: true), .focus("email")])
            tester.send { $0.viewDidAppear() }
            await tester.receive(inAnyOrder: [.focus("email"), .keyboard(shown: true)])
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testEventsInAnyOrderThatDidNotComeAreNamed() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(inAnyOrder: [.keyboard(shown: true), .alert("Welcome"), .focus("email")])
        }
        assertOneFailure(
            reports,
            containing: """
                Expected `keyboard(shown: true)`, `alert("Welcome")`, `focus("email")` in any order \
                (`alert("Welcome")` did not come), \
                but the ViewModel made no delegate call after `viewDidAppear()`
                """)
    }

    func testACallAmongTheEventsInAnyOrderThatIsNoneOfThemFailsOnce() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(inAnyOrder: [.keyboard(shown: true)])
            await tester.receive(.focus("email"))
        }
        assertOneFailure(
            reports,
            containing: """
                Expected `keyboard(shown: true)` in any order, but the delegate calls came in another order: \
                `focus("email")` came first.
                """)
    }

    // MARK: Calls the test does not care about

    func testEventsOfAnIgnoredKindPassUnasserted() async {
        let reports = FailureReporter.capture {
            let tester = Self.makeTester()
            tester.ignoreEvents { if case .focus = $0 { true } else { false } }
            tester.ignoreEvents { if case .keyboard = $0 { true } else { false } }
            tester.send { $0.viewDidAppear() }
            tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
            tester.send { $0.viewDidAppear() }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testWithoutIgnoringTheSameCallsFailAndTheFixSaysHowToIgnoreThem() async {
        let reports = FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            tester.send({ $0.emailDidChange("a@b.c") }) { $0.email = "a@b.c" }
        }
        assertOneFailure(
            reports,
            containing: "2 delegate calls were not asserted before `emailDidChange(\"a@b.c\")`",
            "for a kind of call the test does not care about (focus, keyboard), tester.ignoreEvents(where:)")
    }

    func testAReceiveLooksPastAnIgnoredEventAndCanStillTakeOne() async {
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.ignoreEvents { if case .focus = $0 { true } else { false } }
            tester.send { $0.viewDidAppear() }
            await tester.receive(.keyboard(shown: true))
            tester.send { $0.viewDidAppear() }
            await tester.receive(.focus("email"))
            await tester.receive(.keyboard(shown: true))
        }
        XCTAssertEqual(reports.messages, [])
    }

    // MARK: Receiving by what an event holds

    /// `receive(_ extract:)` looks past a call its extract does not take: it still returns the value, and fails
    /// once for the order when exhaustive; partial, it skips the call.
    func testReceivingByExtractLooksPastAnEventItDoesNotTake() async {
        var taken: [Bool?] = []
        let reports = await FailureReporter.capture {
            let tester = Self.makeTester()
            tester.send { $0.viewDidAppear() }
            taken.append(await tester.receive { if case .keyboard(let shown) = $0 { shown } else { nil } })
            await tester.receive(.focus("email"))
            tester.strictness = .partial
            tester.send { $0.viewDidAppear() }
            taken.append(await tester.receive { if case .keyboard(let shown) = $0 { shown } else { nil } })
        }
        XCTAssertEqual(taken, [true, true])
        assertOneFailure(
            reports,
            containing: """
                Expected the event the test looks for, but the delegate calls came in another order: \
                `focus("email")` came first.
                """)
    }
}
