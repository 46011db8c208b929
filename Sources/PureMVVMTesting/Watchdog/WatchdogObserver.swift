internal import Foundation
internal import XCTest

/// Tells the watchdog when each XCTest test case starts and ends, once ``XCTestRunGuards/start(watchdog:mainQueueHeartbeat:)``
/// adds it.
final class WatchdogObserver: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
        TestWatchdog.testDidStart(testCase.name)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        TestWatchdog.testDidEnd(testCase.name)
    }
}
