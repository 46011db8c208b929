import Foundation
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The watchdog ends a run that a stuck test keeps from making progress, naming the test: shown on `TestProbe`'s
/// stuck XCTest tests in a child process with a limit of a tenth of a second, and part by part in this process.
final class WatchdogTests: XCTestCase {
    private static let probeEnvironment = [TestWatchdog.limitVariable: "0.1", "SWIFT_BACKTRACE": "enable=no"]

    func testAnAwaitThatNeverEndsEndsTheRunNamingTheTest() throws {
        let outcome = try TestProbe.run("stuck-await", environment: Self.probeEnvironment)
        XCTAssertEqual(outcome.exitStatus, 124, "\(outcome)")
        XCTAssertTrue(
            outcome.errors.contains(
                """
                PureMVVMTesting's watchdog: no test started or ended for 0.1 seconds. Still running:
                  StuckTests.testAwaitsWhatNeverComes (for 0.
                """), outcome.errors)
        XCTAssertTrue(
            outcome.errors.contains("The test run ends here, with exit status 124.\nTo fix: "), outcome.errors)
        XCTAssertTrue(outcome.output.contains("'StuckTests.testAwaitsWhatNeverComes' started"), outcome.output)
    }

    func testALoopThatNeverSuspendsEndsTheRunToo() throws {
        let outcome = try TestProbe.run("stuck-loop", environment: Self.probeEnvironment)
        XCTAssertEqual(outcome.exitStatus, 124, "\(outcome)")
        XCTAssertTrue(outcome.errors.contains("\n  StuckTests.testSpinsWithoutSuspending (for 0."), outcome.errors)
    }

    func testTheLimitComesFromTheEnvironment() {
        let variable = TestWatchdog.limitVariable
        XCTAssertEqual(variable, "PUREMVVM_WATCHDOG_SECONDS")
        XCTAssertEqual(TestWatchdog.limit(in: [:]).limit, .seconds(60))
        XCTAssertEqual(TestWatchdog.limit(in: [variable: " "]).limit, .seconds(60))
        XCTAssertEqual(TestWatchdog.limit(in: [variable: "120"]).limit, .seconds(120))
        XCTAssertEqual(TestWatchdog.limit(in: [variable: "0.25"]).limit, .milliseconds(250))
        XCTAssertNil(TestWatchdog.limit(in: [variable: "0"]).limit, "0 turns it off")
        XCTAssertNil(TestWatchdog.limit(in: [variable: "120"]).problem)
        for wrong in ["sixty", "-1", "inf", "nan"] {
            let setting = TestWatchdog.limit(in: [variable: wrong])
            XCTAssertEqual(setting.limit, .seconds(60), wrong)
            XCTAssertEqual(
                setting.problem,
                "PureMVVMTesting's watchdog: PUREMVVM_WATCHDOG_SECONDS=\(wrong) is not a number of seconds; the "
                    + "limit is 60 seconds. To fix: set it to a number such as 120, or 0 to turn the watchdog off.")
        }
        XCTAssertEqual(TestWatchdog.defaultLimit, .seconds(60))
        XCTAssertEqual(TestWatchdog.exitStatus, 124)
    }

    func testTheDeadlineIsTheLimitAfterTheLastStartOrEndWhileATestRuns() {
        let start = ContinuousClock.now
        var tests = RunningTests()
        XCTAssertNil(tests.deadline(limit: .seconds(60)), "nothing runs: nothing is watched")
        tests.start("A.testOne", at: start)
        XCTAssertEqual(tests.deadline(limit: .seconds(60)), start + .seconds(60))
        XCTAssertFalse(tests.hasExpired(limit: .seconds(60), at: start + .seconds(59)))
        XCTAssertTrue(tests.hasExpired(limit: .seconds(60), at: start + .seconds(60)))
        tests.start("B.testTwo", at: start + .seconds(10))
        XCTAssertEqual(tests.deadline(limit: .seconds(60)), start + .seconds(70), "a start is progress")
        tests.end("A.testOne", at: start + .seconds(20))
        XCTAssertEqual(tests.deadline(limit: .seconds(60)), start + .seconds(80), "an end is progress")
        XCTAssertEqual(tests.entries, [.init(name: "B.testTwo", started: start + .seconds(10))])
        tests.end("B.testTwo", at: start + .seconds(30))
        XCTAssertNil(tests.deadline(limit: .seconds(60)), "between tests nothing is watched")
        XCTAssertFalse(tests.hasExpired(limit: .seconds(60), at: start + .seconds(1000)))
    }

    func testTheMessageNamesEachRunningTestAndHowLongItRan() {
        let start = ContinuousClock.now
        let message = TestWatchdog.message(
            stuckIn: [
                .init(name: "A.testOne", started: start), .init(name: "B.testTwo", started: start + .seconds(30)),
            ],
            limit: .seconds(60), at: start + .milliseconds(90_040))
        XCTAssertEqual(
            message,
            """
            PureMVVMTesting's watchdog: no test started or ended for 60 seconds. Still running:
              A.testOne (for 90 seconds)
              B.testTwo (for 60 seconds)
            The test run ends here, with exit status 124.
            To fix: bound the wait the test is stuck in (withTimeout, Task.value(awaiting:), PendingCalls.next(), \
            ManualClock.nextSleep()), and make a loop that may not suspend check Task.isCancelled. For a test that \
            needs longer, set PUREMVVM_WATCHDOG_SECONDS to more seconds (0 turns the watchdog off).

            """)
        XCTAssertEqual(TestWatchdog.describe(.milliseconds(250)), "0.3 seconds")
    }

    func testAWatchdogExpiresOnceWithTheTestsStillRunning() async {
        let expired = expectation(description: "the watchdog expired")
        let stuck = Stuck()
        let watchdog = Watchdog(limit: .milliseconds(20)) { tests, _ in
            stuck.names = tests.map(\.name)
            expired.fulfill()
        }
        watchdog.testDidStart("A.testEnds")
        watchdog.testDidStart("B.testHangs")
        watchdog.testDidEnd("A.testEnds")
        XCTAssertEqual(watchdog.runningTests, ["B.testHangs"])
        await fulfillment(of: [expired], timeout: 5)
        XCTAssertEqual(stuck.names, ["B.testHangs"])
    }

    func testThisRunIsWatched() async {
        XCTAssertEqual(TestWatchdog.shared?.runningTests.last, name, "the observer installed at load saw this test")
    }

    /// Swift Testing has no observer a library can install: every suite carries the `.watchdog` trait.
    func testEverySwiftTestingSuiteIsWatched() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var suites = 0
        for case let file as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let suiteLines = lines.filter { $0.hasPrefix("@Suite") }
            suites += suiteLines.count
            for line in suiteLines where !line.contains(".watchdog") {
                XCTFail("\(file.lastPathComponent): \(line) has no .watchdog trait")
            }
            if lines.contains(where: { $0.hasPrefix("@Test") }) {
                XCTAssertFalse(suiteLines.isEmpty, "\(file.lastPathComponent) has tests outside a watched @Suite")
            }
        }
        XCTAssertGreaterThanOrEqual(suites, 2)
    }
}

private final class Stuck: @unchecked Sendable {
    var names: [String] = []
}
