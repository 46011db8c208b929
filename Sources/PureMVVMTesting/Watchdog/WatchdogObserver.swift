internal import Foundation
internal import XCTest

/// Tells the watchdog when each XCTest test case starts and ends. Installed once per process, when it loads (see
/// `WatchdogPlatform.swift`).
final class WatchdogObserver: NSObject, XCTestObservation {
    /// Installs an observer in XCTest's observation center, unless the watchdog is turned off.
    static func install() {
        guard TestWatchdog.shared != nil else { return }
        XCTestObservationCenter.shared.addTestObserver(WatchdogObserver())
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        TestWatchdog.testDidStart(testCase.name)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        TestWatchdog.testDidEnd(testCase.name)
    }
}
