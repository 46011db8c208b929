import Dispatch
import Foundation
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The main-queue heartbeat ends corelibs XCTest's run-loop waits at its next beat: it beats while a test runs,
/// is counted per test, and `PUREMVVM_MAIN_QUEUE_HEARTBEAT=0` turns it off.
final class MainQueueHeartbeatTests: GuardedTestCase {
    func testARunOfTheMainRunLoopEndsAtABeatWhileATestRuns() throws {
        guard let heartbeat = MainQueueHeartbeat.shared else {
            // Turned off for this run: then there is none, and nothing else to show.
            return XCTAssertTrue(MainQueueHeartbeat.isOff(in: ProcessInfo.processInfo.environment))
        }
        #if canImport(Darwin)
            // Apple's XCTest does not lose the wake-up: the observer is not installed there.
            XCTAssertFalse(heartbeat.isBeating)
        #else
            XCTAssertTrue(heartbeat.isBeating, "the observer starts the heartbeat before each test")
            // With nothing on the main queue, a run of the run loop that may last 5 seconds returns only after a
            // source is handled: here, the next beat. Without the heartbeat it would wait the 5 seconds and fail.
            let before = heartbeat.beats
            let deadline = Date(timeIntervalSinceNow: 5)
            while heartbeat.beats == before, Date() < deadline {
                _ = RunLoop.current.run(mode: .default, before: deadline)
            }
            XCTAssertGreaterThan(heartbeat.beats, before, "no beat ended the run")
        #endif
    }

    func testItBeatsFromTheFirstStartedTestToTheLastEndedOne() {
        let heartbeat = MainQueueHeartbeat(queue: DispatchQueue(label: "heartbeat"))
        XCTAssertFalse(heartbeat.isBeating)
        heartbeat.testDidStart()
        heartbeat.testDidStart()
        heartbeat.testDidEnd()
        XCTAssertTrue(heartbeat.isBeating, "one test still runs")
        heartbeat.testDidEnd()
        XCTAssertFalse(heartbeat.isBeating)
        heartbeat.testDidEnd()
        XCTAssertFalse(heartbeat.isBeating, "an end without a start is ignored")
        heartbeat.testDidStart()
        XCTAssertTrue(heartbeat.isBeating, "and does not swallow the next start")
    }

    func testZeroTurnsItOff() {
        let variable = MainQueueHeartbeat.offVariable
        XCTAssertEqual(variable, "PUREMVVM_MAIN_QUEUE_HEARTBEAT")
        XCTAssertTrue(MainQueueHeartbeat.isOff(in: [variable: "0"]))
        XCTAssertTrue(MainQueueHeartbeat.isOff(in: [variable: " 0 "]))
        XCTAssertFalse(MainQueueHeartbeat.isOff(in: [:]))
        XCTAssertFalse(MainQueueHeartbeat.isOff(in: [variable: "1"]))
    }
}
