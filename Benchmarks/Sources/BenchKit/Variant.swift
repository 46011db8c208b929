/// One row of the table: something measured, how to measure it, and the row it is compared with.
///
/// Modules that hold workloads export an array of variants; the `bench` executable's registry concatenates them.
/// Ids are what the command line takes (`bench run login.toolkit 1000`), so keep them short and stable.
public struct Variant: Sendable {
    /// A stable, short name such as `login.toolkit`.
    public let id: String
    /// The part of the benchmark the row belongs to, such as `1. Login`.
    public let group: String
    /// What the row measures, in a few words of Markdown.
    public let title: String
    /// The rows whose instructions per unit this one is divided by (the hand-written delegate), the cheapest of
    /// them that was measured; empty for none.
    public let baselines: [String]
    /// The first of ``baselines``; `nil` for none.
    public var baseline: String? { baselines.first }
    /// How the row is measured.
    public let measurement: Measurement

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - id: A stable, short name such as `login.toolkit`.
    ///   - group: The part of the benchmark the row belongs to.
    ///   - title: What the row measures.
    ///   - baseline: The id of the row to compare instructions with; the row itself for the baseline.
    ///   - measurement: How the row is measured.
    public init(id: String, group: String, title: String, baseline: String?, measurement: Measurement) {
        self.id = id
        self.group = group
        self.title = title
        baselines = baseline.map { [$0] } ?? []
        self.measurement = measurement
    }

    /// Creates a row compared with the cheapest of several rows: the correct baselines of a diff, say, where
    /// which one is cheapest depends on the case.
    ///
    /// - Parameters:
    ///   - id: A stable, short name such as `rows.window.10000.toolkit`.
    ///   - group: The part of the benchmark the row belongs to.
    ///   - title: What the row measures.
    ///   - baselines: The ids of the rows to compare instructions with; the ratio is to the cheapest measured.
    ///   - measurement: How the row is measured.
    public init(id: String, group: String, title: String, baselines: [String], measurement: Measurement) {
        self.id = id
        self.group = group
        self.title = title
        self.baselines = baselines
        self.measurement = measurement
    }
}

/// How a row is measured.
public enum Measurement: Sendable {
    /// A workload driven in this process, measured per unit of work: time, instructions and allocations per
    /// event are differences between runs of `n` and `2n` events, so start-up and set-up cancel.
    case perEvent(PerEvent)
    /// A program started in a child process, measured per start: time to its first prompt, instructions and
    /// allocations of a whole run (callgrind's totals, not a difference), and its peak memory.
    case startup(Startup)
    /// A program started on a pseudo-terminal, measured per line typed at its prompt: time per line from its
    /// first prompt to its last; instructions and allocations per line as differences between runs that type `n`
    /// and `2n` lines, so its start and end cancel.
    case typedLines(TypedLines)
    /// A program run to its end, with its input given at once, timed by the wall clock alone: for work done
    /// mostly in other processes (a directory server), where instruction counts would say little.
    case wallTime(WallTime)
}

/// A row measured per event: a fresh workload per run, and the outcome it must reach.
public struct PerEvent: Sendable {
    /// What one unit of work is called in the table, such as `event` or `reload`.
    public let unit: String
    /// Creates a fresh workload, set up and ready for its first event.
    public let make: @MainActor @Sendable () -> any EventWorkload
    /// The outcome a fresh workload must reach after a number of events.
    public let expected: @Sendable (Int) -> Outcome
    /// The events of the shorter callgrind run (the longer runs twice as many); `nil` for the harness's default.
    /// Rows whose events cost hundreds of thousands of instructions take fewer, so callgrind runs them in
    /// seconds: the difference of two runs is exact whatever their length.
    public let callgrindEvents: Int?
    /// Whether the workload counts its units itself, in its outcome's `renders`: for work whose units are not
    /// one per event, such as the steps of a contract explorer's random sequences (an event is a sequence). The
    /// figures are then per counted unit (time divided by the units of its run; instructions and allocations, the
    /// difference of two callgrind runs divided by the difference of their units), and only the checksum is
    /// compared with ``expected``, with at least one unit done.
    public let countsUnits: Bool
    /// The events of the child run whose peak memory is reported; `nil` for the harness's default. Rows whose
    /// events cost milliseconds take fewer, so that run ends in seconds.
    public let memoryEvents: Int?
    /// The events of the in-process check, of the pilot run that calibrates the timed runs, and the fewest a timed
    /// run takes; `nil` for the harness's (1,000, 2,000 and 1,000; `bench quick` checks 2,000). Rows whose events
    /// cost tens of milliseconds take a few, so each run ends in about a second.
    public let checkEvents: Int?
    /// Whether `bench quick` runs the row. A row whose code a smaller row of the same kind runs, and whose set-up
    /// alone takes seconds (a million-row list), is left to the report, so the quick check stays quick.
    public let isQuick: Bool
    /// Whether the peak-memory child also reports the memory the events need above what its set-up and a first
    /// event left (``Measured/peakWorkingBytes``): for a workload whose `run(events:)` goes on from one call to the
    /// next, as the child splits its run after the first event.
    public let measuresWorkingMemory: Bool

    /// Describes a per-event row.
    ///
    /// - Parameters:
    ///   - unit: What one unit of work is called in the table; `event` by default.
    ///   - callgrindEvents: The events of the shorter callgrind run; `nil` (the default) for the harness's.
    ///   - countsUnits: Whether the workload counts its units in its outcome's `renders`; `false` by default.
    ///   - memoryEvents: The events of the peak-memory run; `nil` (the default) for the harness's.
    ///   - checkEvents: The events of the check, the pilot and the shortest timed run; `nil` (the default) for the
    ///     harness's.
    ///   - isQuick: Whether `bench quick` runs the row; `true` by default.
    ///   - measuresWorkingMemory: Whether the peak-memory child reports the events' own memory; `false` by default.
    ///   - make: Creates a fresh workload.
    ///   - expected: The outcome a fresh workload must reach after a number of events.
    public init(
        unit: String = "event",
        callgrindEvents: Int? = nil,
        countsUnits: Bool = false,
        memoryEvents: Int? = nil,
        checkEvents: Int? = nil,
        isQuick: Bool = true,
        measuresWorkingMemory: Bool = false,
        make: @escaping @MainActor @Sendable () -> any EventWorkload,
        expected: @escaping @Sendable (Int) -> Outcome
    ) {
        self.unit = unit
        self.callgrindEvents = callgrindEvents
        self.countsUnits = countsUnits
        self.memoryEvents = memoryEvents
        self.checkEvents = checkEvents
        self.isQuick = isQuick
        self.measuresWorkingMemory = measuresWorkingMemory
        self.make = make
        self.expected = expected
    }

    /// Whether an outcome is the one a fresh workload must reach after a number of events: equal to
    /// ``expected``, or for a workload that counts its units, the same checksum and at least one unit.
    ///
    /// - Parameters:
    ///   - outcome: What a run left behind.
    ///   - events: The events of the run.
    /// - Returns: `true` when the run did what it must.
    func accepts(_ outcome: Outcome?, events: Int) -> Bool {
        guard let outcome else { return false }
        let expected = expected(events)
        return countsUnits ? outcome.checksum == expected.checksum && outcome.renders > 0 : outcome == expected
    }
}
