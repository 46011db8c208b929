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
        trackForLeaks(CounterViewModel())
    }
}
