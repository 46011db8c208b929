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
