internal import Foundation

/// Ends a test run that has stopped making progress, naming the test it is stuck in, so that no test can hang CI.
///
/// Every wait of this module is bounded (``TimeLimitExceeded``), but a test can still await something without a bound, or
/// spin in a loop that never suspends, and then no timeout of its own can fire. The watchdog is the last line: a
/// thread of its own that ends the process when no test has started or ended for ``defaultLimit`` (60 seconds)
/// while one is running. It prints which tests were running and for how long, then exits with ``exitStatus``:
///
/// ```
/// PureMVVMTesting's watchdog: no test started or ended for 60 seconds.
///     Still running:
///   BoundedWaitTests.testTheAnswerComes (for 60.0 seconds)
/// The test run ends here, with exit status 124.
/// To fix: …
/// ```
///
/// It is off until a test target switches it on: ``XCTestRunGuards/start(watchdog:mainQueueHeartbeat:)`` watches
/// every XCTest test case of the process from then on, and the `.watchdog` trait (``WatchdogTrait``) every test of
/// a Swift Testing suite: `@Suite(.watchdog)`. Before the first watched test starts and between tests nothing is
/// watched. The time the process is stopped (at a breakpoint, or by the system) does not count, and while a
/// debugger is attached (on Apple platforms, where the module can ask) the run goes on past the limit.
///
/// Set the limit with the environment variable `PUREMVVM_WATCHDOG_SECONDS` (``limitVariable``): a number of
/// seconds such as `120` or `0.5`, or `0` to turn the watchdog off. A single test that needs longer than the limit
/// ends the run too: raise the limit for it, or split the test.
public enum TestWatchdog {
    /// The environment variable that sets the limit in seconds: `PUREMVVM_WATCHDOG_SECONDS`; `0` turns the
    /// watchdog off.
    public static let limitVariable = "PUREMVVM_WATCHDOG_SECONDS"

    /// How long a run may go without a test starting or ending when ``limitVariable`` is not set: 60 seconds, 12
    /// times ``TimeLimitExceeded/defaultTimeout``, so a bounded wait always fails its test first.
    public static let defaultLimit: Duration = .seconds(60)

    /// The exit status of a run the watchdog ends: 124, as timeout(1) exits when its command timed out.
    public static let exitStatus: Int32 = 124

    /// The watchdog of this process: `nil` when turned off.
    static let shared: Watchdog? = {
        let setting = limit(in: ProcessInfo.processInfo.environment)
        if let problem = setting.problem { writeToStandardError(problem + "\n") }
        return setting.limit.map { Watchdog(limit: $0) }
    }()

    /// The limit a value of ``limitVariable`` asks for, and what is wrong with a value that is not a number.
    ///
    /// - Parameter environment: The process's environment.
    /// - Returns: The limit (`nil` when turned off), and a message for a value that cannot be used.
    static func limit(in environment: [String: String]) -> (limit: Duration?, problem: String?) {
        guard let text = environment[limitVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return (defaultLimit, nil)
        }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            return (
                defaultLimit,
                "PureMVVMTesting's watchdog: \(limitVariable)=\(text) is not a number of seconds; the limit is "
                    + "\(describe(defaultLimit)). To fix: set it to a number such as 120, or 0 to turn the watchdog off."
            )
        }
        guard seconds > 0 else { return (nil, nil) }
        return (.nanoseconds(Int64(min(seconds, 1e9) * 1e9)), nil)
    }

    /// What the watchdog prints, once, when the limit passes while a debugger is attached.
    static func debuggerNote(limit: Duration) -> String {
        "PureMVVMTesting's watchdog: no test started or ended for \(describe(limit)), but a debugger is attached: "
            + "the run goes on.\n"
    }

    /// Records that a test started: the XCTest observer and the Swift Testing trait call this.
    static func testDidStart(_ name: String) {
        shared?.testDidStart(name)
    }

    /// Records that a test ended.
    static func testDidEnd(_ name: String) {
        shared?.testDidEnd(name)
    }

    /// What the watchdog prints when it ends a run.
    ///
    /// - Parameters:
    ///   - tests: The tests still running, in the order they started.
    ///   - limit: The limit that passed.
    ///   - now: When it passed.
    /// - Returns: The message, ending with a line break.
    static func message(stuckIn tests: [RunningTests.Entry], limit: Duration, at now: ContinuousClock.Instant)
        -> String
    {
        let list = tests.map { "  \($0.name) (for \(describe($0.started.duration(to: now))))" }
        return """
            PureMVVMTesting's watchdog: no test started or ended for \(describe(limit)). Still running:
            \(list.joined(separator: "\n"))
            The test run ends here, with exit status \(exitStatus).
            To fix: bound the wait the test is stuck in (withTimeLimit, Task.value(awaiting:), PendingCalls.next(), \
            ManualClock.nextSleep()), and make a loop that may not suspend check Task.isCancelled. For a test that \
            needs longer, set \(limitVariable) to more seconds (0 turns the watchdog off).

            """
    }

    /// Prints the message and ends the process with ``exitStatus``, without running exit handlers (the stuck test
    /// may hold locks they need).
    static func endRun(stuckIn tests: [RunningTests.Entry], at now: ContinuousClock.Instant) {
        writeToStandardError(message(stuckIn: tests, limit: shared?.limit ?? defaultLimit, at: now))
        endProcess(status: exitStatus)
    }

    /// A duration to a tenth of a second: "60 seconds", "0.3 seconds".
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = ((Double(seconds) + Double(attoseconds) / 1e18) * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0
            ? "\(Int64(tenths / 10)) seconds" : "\(tenths / 10) seconds"
    }
}
