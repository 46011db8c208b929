import XCTest

@testable import PureMVVMTesting

@MainActor
final class LeakTrackerTests: XCTestCase {
    func testALeakFailsNamingTheType() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = leaks.track(LeakyViewModel())
                viewModel.viewDidLoad()  // a closure that captures self: a cycle
            }
            await leaks.verify()
        }
        assertOneFailure(reports, containing: "LeakyViewModel was not freed by the end of the test.")
    }

    func testAStrongDelegateKeepsTheViewAliveAndIsReported() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = LeakyViewModel()
                let spy = leaks.track(CounterSpy())
                viewModel.delegate = spy
                leaks.track(viewModel)
                spy.recorder.record(.alert("keep"))
                _ = spy
                viewModel.viewDidLoad()
            }
            await leaks.verify()
        }
        XCTAssertEqual(reports.failures.count, 2, "\(reports.messages)")
        XCTAssertTrue(reports.messages.contains { $0.hasPrefix("CounterSpy was not freed") }, "\(reports.messages)")
    }

    func testFreedObjectsPass() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = leaks.track(CounterViewModel())
                let spy = leaks.track(CounterSpy())
                viewModel.delegate = spy
                viewModel.incrementButtonDidTap()
            }
            await leaks.verify()
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAnObjectFreedByAPendingMainActorJobPasses() async {
        let reports = await FailureReporter.capture {
            let leaks = LeakTracker()
            do {
                let viewModel = leaks.track(CounterViewModel())
                Task { @MainActor in _ = viewModel }  // holds it until the next main-actor turn
            }
            await leaks.verify()
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testTrackForLeaksOnTheTestCasePassesForAFreedObject() async {
        let sink = FailureSink()
        // Teardown blocks run last first: this one runs after trackForLeaks's, and reads what it reported.
        addTeardownBlock { @MainActor in
            XCTAssertEqual(sink.reports.messages, [], "a freed object passes")
        }
        FailureReporter.$sink.withValue(sink) {
            trackForLeaks(CounterViewModel())
        }
    }

    func testTrackForLeaksOnTheTestCaseReportsARealLeakAtTeardown() async {
        let sink = FailureSink()
        addTeardownBlock { @MainActor in
            XCTAssertEqual(sink.reports.failures.count, 1, "\(sink.reports.messages)")
            assertOneFailure(sink.reports, containing: "LeakyViewModel was not freed by the end of the test.")
            XCTAssertEqual(sink.reports.first.map { "\($0.location.fileID)" }, #fileID, "where it was tracked")
        }
        let leaky = LeakyViewModel()
        leaky.viewDidLoad()  // a closure that captures self: a cycle
        FailureReporter.$sink.withValue(sink) {
            trackForLeaks(leaky)
        }
        XCTAssertEqual(sink.reports.messages, [], "nothing is reported before teardown")
    }

    func testTheTrackerReportsEveryLeakAndNothingTwice() async {
        let leaks = LeakTracker()
        let first = await FailureReporter.capture {
            let leaky = leaks.track(LeakyViewModel())
            leaky.viewDidLoad()
            leaks.track(CounterViewModel())  // freed at once
            await leaks.verify()
        }
        XCTAssertEqual(first.failures.count, 1, "\(first.messages)")
        let second = await FailureReporter.capture { await leaks.verify() }
        XCTAssertEqual(second.messages, [], "a verified tracker starts empty")
    }
}
