internal import Foundation

/// Watches the tests of a run from a thread of its own and ends the run when no test has started or ended for
/// its limit while one is running: a test stuck in an unbounded wait, or in a loop that never suspends, cannot
/// hang the run. See ``TestWatchdog`` for the limit and how the watchdog is switched on.
final class Watchdog: @unchecked Sendable {
    /// How long a run may go without a test starting or ending.
    let limit: Duration
    /// How often the watchdog's thread looks at the clock while a test runs; a gap between two looks longer than
    /// twice this is time the process was stopped, which does not count.
    let tick: Duration
    private let condition = NSCondition()
    private var tests = RunningTests()
    private var isWatching = false
    private let isDebuggerAttached: @Sendable () -> Bool
    private let note: @Sendable (String) -> Void
    private let expire: @Sendable ([RunningTests.Entry], ContinuousClock.Instant) -> Void

    /// Creates a watchdog; its thread starts with the first test.
    ///
    /// - Parameters:
    ///   - limit: How long the run may go without a test starting or ending.
    ///   - tick: How often to look at the clock: a tenth of the limit, at most a second, by default.
    ///   - isDebuggerAttached: Whether a debugger is attached, asked when the time is up: while one is, the run
    ///     goes on.
    ///   - expire: What to do when the time is up, given the running tests and the time; ends the process by
    ///     default.
    ///   - note: Writes the note that a debugger spared the run, once; to standard error by default.
    init(
        limit: Duration,
        tick: Duration? = nil,
        isDebuggerAttached: @escaping @Sendable () -> Bool = { TestWatchdog.isDebuggerAttached },
        expire: @escaping @Sendable ([RunningTests.Entry], ContinuousClock.Instant) -> Void = { tests, now in
            TestWatchdog.endRun(stuckIn: tests, at: now)
        },
        note: @escaping @Sendable (String) -> Void = { TestWatchdog.writeToStandardError($0) }
    ) {
        self.limit = limit
        self.tick = tick ?? min(limit / 10, .seconds(1))
        self.isDebuggerAttached = isDebuggerAttached
        self.note = note
        self.expire = expire
    }

    /// Records that a test started, and starts watching if this is the first.
    func testDidStart(_ name: String) {
        condition.locked {
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
        condition.locked {
            tests.end(name, at: .now)
            condition.signal()
        }
    }

    /// The names of the tests running now, in the order they started.
    var runningTests: [String] { condition.locked { tests.entries.map(\.name) } }

    /// Looks at the clock every tick while a test runs, and expires once when the limit passes with no progress:
    /// not counting the time the process was stopped, and not while a debugger is attached (see
    /// ``RunningTests/look(at:limit:tick:isDebuggerAttached:)``).
    private func watch() {
        condition.lock()
        var saidDebugger = false
        while true {
            let now = ContinuousClock.now
            switch tests.look(at: now, limit: limit, tick: tick, isDebuggerAttached: isDebuggerAttached) {
            case .idle:
                condition.wait()
                continue
            case .watch:
                break
            case .spareForDebugger:
                if !saidDebugger { note(TestWatchdog.debuggerNote(limit: limit)) }
                saidDebugger = true
            case .expire:
                let stuck = tests.entries
                condition.unlock()
                expire(stuck, now)
                return
            }
            let (seconds, attoseconds) = tick.components
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        }
    }
}
