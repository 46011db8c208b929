internal import Foundation

/// Watches the tests of a run from a thread of its own and ends the run when no test has started or ended for
/// its limit while one is running: a test stuck in an unbounded wait, or in a loop that never suspends, cannot
/// hang the run. See ``TestWatchdog`` for the limit and how the watchdog is installed.
final class Watchdog: @unchecked Sendable {
    /// How long a run may go without a test starting or ending.
    let limit: Duration
    private let condition = NSCondition()
    private var tests = RunningTests()
    private var isWatching = false
    private let expire: @Sendable ([RunningTests.Entry], ContinuousClock.Instant) -> Void

    /// Creates a watchdog; its thread starts with the first test.
    ///
    /// - Parameters:
    ///   - limit: How long the run may go without a test starting or ending.
    ///   - expire: What to do when the time is up, given the running tests and the time; ends the process by
    ///     default.
    init(
        limit: Duration,
        expire: @escaping @Sendable ([RunningTests.Entry], ContinuousClock.Instant) -> Void = { tests, now in
            TestWatchdog.endRun(stuckIn: tests, at: now)
        }
    ) {
        self.limit = limit
        self.expire = expire
    }

    /// Records that a test started, and starts watching if this is the first.
    func testDidStart(_ name: String) {
        condition.withLock {
            tests.start(name, at: .now)
            if !isWatching {
                isWatching = true
                let thread = Thread { [self] in watch() }
                thread.name = "PureMVVMTesting watchdog"
                thread.start()
            }
            condition.signal()
        }
    }

    /// Records that a test ended.
    func testDidEnd(_ name: String) {
        condition.withLock {
            tests.end(name, at: .now)
            condition.signal()
        }
    }

    /// The names of the tests running now, in the order they started.
    var runningTests: [String] { condition.withLock { tests.entries.map(\.name) } }

    /// Waits on the condition until the deadline passes with no progress, then expires once.
    private func watch() {
        condition.lock()
        while true {
            guard let deadline = tests.deadline(limit: limit) else {
                condition.wait()
                continue
            }
            let now = ContinuousClock.now
            if tests.hasExpired(limit: limit, at: now) {
                let stuck = tests.entries
                condition.unlock()
                expire(stuck, now)
                return
            }
            let (seconds, attoseconds) = (now.duration(to: deadline)).components
            _ = condition.wait(
                until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        }
    }
}
