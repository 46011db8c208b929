/// The tests a watchdog is watching and when the last of them started or ended: its deadline, without a thread or
/// a clock of its own, so it can be tested step by step.
struct RunningTests {
    /// A test that has started and not ended.
    struct Entry: Equatable {
        let name: String
        let started: ContinuousClock.Instant
    }

    /// The running tests, in the order they started.
    private(set) var entries: [Entry] = []
    /// When a test last started or ended.
    private(set) var lastProgress: ContinuousClock.Instant?

    /// Records that a test started.
    mutating func start(_ name: String, at now: ContinuousClock.Instant) {
        entries.append(Entry(name: name, started: now))
        lastProgress = now
    }

    /// Records that a test ended; the earliest running test of that name is the one.
    mutating func end(_ name: String, at now: ContinuousClock.Instant) {
        if let index = entries.firstIndex(where: { $0.name == name }) { entries.remove(at: index) }
        lastProgress = now
    }

    /// When the watchdog last looked at the clock while a test ran.
    private(set) var lastLook: ContinuousClock.Instant?

    /// What the watchdog does after a look at the clock.
    enum Verdict: Equatable {
        /// Nothing runs: wait for a test to start.
        case idle
        /// Look again after a tick.
        case watch
        /// The limit passed while a debugger is attached: say so (the first time), and look again after a tick.
        case spareForDebugger
        /// The limit passed: end the run.
        case expire
    }

    /// Looks at the clock: whether the run has gone `limit` without progress, not counting the time the process
    /// did not run (a gap since the last look longer than two ticks: stopped at a breakpoint, or by the system),
    /// and not ending it while a debugger is attached.
    ///
    /// - Parameters:
    ///   - now: The time.
    ///   - limit: How long the run may go without a test starting or ending.
    ///   - tick: How often the watchdog looks.
    ///   - isDebuggerAttached: Asked only when the limit has passed.
    /// - Returns: What to do next.
    mutating func look(
        at now: ContinuousClock.Instant, limit: Duration, tick: Duration, isDebuggerAttached: () -> Bool
    ) -> Verdict {
        guard !entries.isEmpty, let last = lastProgress else {
            lastLook = nil
            return .idle
        }
        if let lastLook {
            let stopped = lastLook.duration(to: now) - tick * 2
            if stopped > .zero { lastProgress = last + stopped }
        }
        lastLook = now
        guard hasExpired(limit: limit, at: now) else { return .watch }
        guard isDebuggerAttached() else { return .expire }
        lastProgress = now
        return .spareForDebugger
    }

    /// When the run has made no progress for `limit`: `limit` after the last start or end while a test runs;
    /// `nil` while none does.
    func deadline(limit: Duration) -> ContinuousClock.Instant? {
        guard !entries.isEmpty, let lastProgress else { return nil }
        return lastProgress + limit
    }

    /// Whether the deadline has come at `now`.
    func hasExpired(limit: Duration, at now: ContinuousClock.Instant) -> Bool {
        guard let deadline = deadline(limit: limit) else { return false }
        return now >= deadline
    }
}
