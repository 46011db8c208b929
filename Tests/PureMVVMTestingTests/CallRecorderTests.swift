import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// What a screen tells its analytics: fire and forget.
enum AnalyticsEvent: Equatable, Sendable {
    case screenShown(String)
    case submitTapped
    case submitted(sent: Bool)
}

@MainActor
protocol Analytics: AnyObject {
    func track(_ event: AnalyticsEvent)
}

/// The test's analytics: every event is recorded for the test to assert.
final class FakeAnalytics: Analytics {
    let events = CallRecorder<AnalyticsEvent>(label: "analytics")
    func track(_ event: AnalyticsEvent) { events.record(event) }
}

/// A form that tracks what the user does: when it appears, when submit is tapped, and how the submit ended.
@MainActor
final class TrackedFormViewModel: ViewModel {
    weak var delegate: (any FormDelegate)?
    var outputs: FormOutputs { store.outputs }
    private let store = OutputStore(FormOutputs())
    private let analytics: any Analytics
    private let service: PendingCalls<String, Bool, CancellationError>
    /// The planted bug of the suite that proves the checks: the submit is tracked twice.
    private let tracksTwice: Bool

    init(analytics: any Analytics, service: PendingCalls<String, Bool, CancellationError>, tracksTwice: Bool = false) {
        self.analytics = analytics
        self.service = service
        self.tracksTwice = tracksTwice
    }

    func viewDidAppear() {
        analytics.track(.screenShown("sign-up"))
    }

    func submitButtonDidTap() {
        analytics.track(.submitTapped)
        if tracksTwice { analytics.track(.submitTapped) }
        Task { [weak self, service] in
            guard let sent = try? await service.wait(for: "") else { return }
            self?.analytics.track(.submitted(sent: sent))
        }
    }
}

/// A fire-and-forget dependency's calls are asserted like delegate calls, and one nobody asserted fails the test at
/// its end, by name.
@MainActor
final class CallRecorderTests: GuardedTestCase {
    private let analytics = FakeAnalytics()
    private let service = PendingCalls<String, Bool, CancellationError>(whenCancelled: CancellationError())

    private func makeTester(tracksTwice: Bool = false) -> ViewModelTester<TrackedFormViewModel, FormSpy> {
        ViewModelTester(
            TrackedFormViewModel(analytics: analytics, service: service, tracksTwice: tracksTwice), spy: FormSpy())
    }

    func testCallsAssertedInTheOrderTheyWereMadePass() async throws {
        let reports = try await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(.screenShown("sign-up"), from: analytics.events)
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(.submitTapped, from: analytics.events)
            _ = try await service.next()
            service.respond(with: true)
            await tester.receive(.submitted(sent: true), from: analytics.events)
        }
        XCTAssertEqual(reports.messages, [])
        XCTAssertEqual(analytics.events.calls, [.screenShown("sign-up"), .submitTapped, .submitted(sent: true)])
    }

    func testACallNobodyAssertedFailsAtTheEndNamingItAndItsInput() async {
        let reports = FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.viewDidAppear() }
        }
        assertOneFailure(
            reports,
            containing: """
                1 call to a fire-and-forget dependency was not asserted by the end of the test:
                  - CallRecorder "analytics": `screenShown("sign-up")`, made during `viewDidAppear()` \
                (CallRecorderTests.swift:
                """,
            "To fix: assert each with `await tester.receive(<call>, from: <recorder>)`")
    }

    /// A call made while no tester is alive (here, before the test makes its tester) is no tester's own, so any
    /// tester may receive it.
    func testACallMadeBeforeTheTesterIsMadeCanBeReceived() async {
        analytics.track(.screenShown("before the tester"))
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            await tester.receive(.screenShown("before the tester"), from: analytics.events, timeout: .seconds(5))
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAnExtraCallFailsTheSuiteThatAssertsTheCallsItExpects() async throws {
        let reports = try await FailureReporter.capture {
            let tester = makeTester(tracksTwice: true)
            tester.checksUnfinishedWork = false
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(.submitTapped, from: analytics.events)
            _ = try await service.next()
        }
        assertOneFailure(
            reports, containing: "1 call to a fire-and-forget dependency was not asserted by the end of the test:",
            "`submitTapped`, made during `submitButtonDidTap()`")
    }

    func testAWrongCallIsNamedOnceAndNotListedAgainAtTheEnd() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(.screenShown("sign-in"), from: analytics.events)
        }
        assertOneFailure(
            reports,
            containing: "The call to CallRecorder \"analytics\" is not the one the test expected (no other can come):",
            "To fix: if the ViewModel is right, expect `screenShown(\"sign-up\")`")
    }

    func testCallsAssertedInAnotherOrderFailOnceAndEachIsTaken() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.checksUnfinishedWork = false
            tester.send { $0.viewDidAppear() }
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(.submitTapped, from: analytics.events)
            await tester.receive(.screenShown("sign-up"), from: analytics.events)
        }
        assertOneFailure(
            reports,
            containing: """
                Expected `submitTapped` from CallRecorder "analytics", but its calls came in another order: \
                `screenShown("sign-up")` came first.
                """)
    }

    func testCallsInAnyOrderPass() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.checksUnfinishedWork = false
            tester.send { $0.viewDidAppear() }
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(inAnyOrder: [.submitTapped, .screenShown("sign-up")], from: analytics.events)
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// Calls in any order of which one never comes: the one that came is taken, and only the missing one fails.
    func testCallsInAnyOrderOfWhichOneNeverComesTakeTheOneThatCame() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.send { $0.viewDidAppear() }
            await tester.receive(inAnyOrder: [.screenShown("sign-up"), .submitTapped], from: analytics.events)
        }
        assertOneFailure(reports, containing: "submitTapped")
        XCTAssertFalse(reports.messages.joined().contains("was not asserted"), "\(reports.messages)")
    }

    func testAPartialTesterSkipsCallsItDoesNotAssert() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.strictness = .partial
            tester.checksUnfinishedWork = false
            tester.send { $0.viewDidAppear() }
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(.submitTapped, from: analytics.events)
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAReceiveOfACallThatCannotComeFailsAtOnceNamingWhatWaits() async {
        let reports = await FailureReporter.capture {
            let tester = makeTester()
            tester.checksUnfinishedWork = false
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(.submitTapped, from: analytics.events)
            await tester.receive(.submitted(sent: true), from: analytics.events)
        }
        assertOneFailure(
            reports,
            containing: """
                Expected `submitted(sent: true)` from CallRecorder "analytics", but CallRecorder "analytics" recorded \
                no such call after `submitButtonDidTap()`
                """,
            "none can come until the test acts",
            "still waits for an answer; it started during `submitButtonDidTap()`")
    }

    /// How a suite proves it catches a planted bug without a child process: its assertions are the tester's, which
    /// expectFailure captures.
    func testExpectFailureCapturesTheRecordersChecks() async throws {
        try await expectFailure(containing: "1 call to a fire-and-forget dependency was not asserted") {
            let tester = makeTester(tracksTwice: true)
            tester.checksUnfinishedWork = false
            tester.send { $0.submitButtonDidTap() }
            await tester.receive(.submitTapped, from: analytics.events)
            _ = try await service.next()
        }
    }
}
