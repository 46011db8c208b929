import Foundation
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The watchdog ends a run that a stuck test keeps from making progress, naming the test: shown on `TestProbe`'s
/// stuck XCTest tests in a child process with a limit of a tenth of a second, and part by part in this process.
final class WatchdogTests: GuardedTestCase {
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
            To fix: bound the wait the test is stuck in (withTimeLimit, Task.value(awaiting:), PendingCalls.next(), \
            ManualClock.nextSleep()), and make a loop that may not suspend check Task.isCancelled. For a test that \
            needs longer, set PUREMVVM_WATCHDOG_SECONDS to more seconds (0 turns the watchdog off).

            """)
        XCTAssertEqual(TestWatchdog.describe(.milliseconds(250)), "0.3 seconds")
    }

    func testAWatchdogExpiresOnceWithTheTestsStillRunning() async {
        let expired = expectation(description: "the watchdog expired")
        let stuck = Stuck()
        let watchdog = Watchdog(limit: .milliseconds(20), isDebuggerAttached: { false }) { tests, _ in
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

    func testADebuggerSparesTheRunWithOneNote() async {
        let looked = expectation(description: "the watchdog looked three times with the time up")
        let seen = Stuck()
        let watchdog = Watchdog(
            limit: .milliseconds(20), tick: .milliseconds(2),
            isDebuggerAttached: {
                seen.looks += 1
                if seen.looks == 3 { looked.fulfill() }
                return true
            },
            expire: { _, _ in XCTFail("expired with a debugger attached") },
            note: { seen.names.append($0) })
        watchdog.testDidStart("A.testInADebugger")
        await fulfillment(of: [looked], timeout: 5)
        XCTAssertEqual(seen.names, [TestWatchdog.debuggerNote(limit: .milliseconds(20))], "one note, not one a look")
        watchdog.testDidEnd("A.testInADebugger")
    }

    func testThisRunIsWatched() async {
        XCTAssertTrue(XCTestRunGuards.isWatching)
        XCTAssertEqual(TestWatchdog.shared?.runningTests.last, name, "the base class switched the watchdog on")
    }

    /// A process that links the module but does not switch the guards on is left alone.
    func testNothingWatchesAProcessThatDidNotAsk() throws {
        // A limit of 0.05 s, passed three times over by the probe's test.
        var environment = Self.probeEnvironment
        environment[TestWatchdog.limitVariable] = "0.05"
        let outcome = try TestProbe.run("stuck-unguarded", environment: environment)
        XCTAssertEqual(outcome.exitStatus, 0, "\(outcome)")
        XCTAssertTrue(outcome.output.contains("TestProbe: ended by the test, not the watchdog"), outcome.output)
        XCTAssertFalse(outcome.errors.contains("watchdog"), outcome.errors)
    }

    func testTimeTheProcessDidNotRunDoesNotCount() {
        let start = ContinuousClock.now
        let tick = Duration.seconds(1)
        var tests = RunningTests()
        let attached = { false }
        XCTAssertEqual(tests.look(at: start, limit: .seconds(60), tick: tick, isDebuggerAttached: attached), .idle)
        tests.start("A.testOne", at: start)
        XCTAssertEqual(tests.look(at: start, limit: .seconds(60), tick: tick, isDebuggerAttached: attached), .watch)
        // Stopped at a breakpoint for 10 minutes: the watchdog's thread looks again when the process goes on.
        let later = start + .seconds(600)
        XCTAssertEqual(tests.look(at: later, limit: .seconds(60), tick: tick, isDebuggerAttached: attached), .watch)
        XCTAssertEqual(tests.deadline(limit: .seconds(60)), later + .seconds(58), "two ticks of the gap count")
        var now = later
        for _ in 0..<57 {
            now += tick
            XCTAssertEqual(tests.look(at: now, limit: .seconds(60), tick: tick, isDebuggerAttached: attached), .watch)
        }
        now += tick
        XCTAssertEqual(tests.look(at: now, limit: .seconds(60), tick: tick, isDebuggerAttached: attached), .expire)
        XCTAssertEqual(tests.lastLook, now)
    }

    func testALimitThatPassesWhileADebuggerIsAttachedIsSpared() {
        let start = ContinuousClock.now
        var tests = RunningTests()
        tests.start("A.testOne", at: start)
        var asked = 0
        let verdict = tests.look(at: start + .seconds(61), limit: .seconds(60), tick: .seconds(100)) {
            asked += 1
            return true
        }
        XCTAssertEqual(verdict, .spareForDebugger)
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(tests.deadline(limit: .seconds(60)), start + .seconds(121), "the limit starts again")
        XCTAssertEqual(
            tests.look(at: start + .seconds(62), limit: .seconds(60), tick: .seconds(100)) {
                asked += 1
                return true
            }, .watch)
        XCTAssertEqual(asked, 1, "asked only when the limit has passed")
        XCTAssertEqual(
            tests.look(at: start + .seconds(121), limit: .seconds(60), tick: .seconds(100)) { false }, .expire)
        XCTAssertEqual(
            TestWatchdog.debuggerNote(limit: .seconds(60)),
            "PureMVVMTesting's watchdog: no test started or ended for 60 seconds, but a debugger is attached: the run "
                + "goes on.\n")
    }

    /// The Swift files of every test target: the toolkit's in Tests/, the demos' in Examples/*/Tests.
    private static func testFiles() throws -> [URL] {
        let tests = Paths.packageRoot.appendingPathComponent("Tests")
        let demos = try FileManager.default.contentsOfDirectory(
            at: Paths.packageRoot.appendingPathComponent("Examples"), includingPropertiesForKeys: nil
        ).map { $0.appendingPathComponent("Tests") }
        return try ([tests] + demos).flatMap { folder in
            try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)).compactMap {
                ($0 as? URL).flatMap { $0.pathExtension == "swift" ? $0 : nil }
            }
        }
    }

    /// Nothing installs the watchdog by itself: every XCTest case of the package inherits `GuardedTestCase`, which
    /// switches it on, but the probe's, which show what happens with and without it.
    func testEveryXCTestCaseIsGuarded() throws {
        let direct = /class\s+\w+\s*:\s*XCTestCase\b/
        var classes = 0
        for file in try Self.testFiles() {
            let folder = file.deletingLastPathComponent().lastPathComponent
            guard folder != "TestProbe", folder != "TestSupport" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            classes += text.matches(of: /class\s+\w+\s*:\s*GuardedTestCase\b/).count
            for match in text.matches(of: direct) {
                XCTFail("\(file.lastPathComponent): \(text[match.range]) does not inherit GuardedTestCase")
            }
        }
        XCTAssertGreaterThan(classes, 100)
    }

    /// Swift Testing has no observer a library can install: every suite carries the `.watchdog` trait.
    func testEverySwiftTestingSuiteIsWatched() throws {
        var suites = 0
        for file in try Self.testFiles() {
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

/// What a watchdog's closures saw: written on its thread, read after an expectation they fulfilled.
private final class Stuck: @unchecked Sendable {
    var names: [String] = []
    var looks = 0
}
