internal import Foundation

/// Measures rows: timed runs in this process, instruction and allocation counts from callgrind runs of this
/// executable as a child (`bench run ID N`), and peak memory from a plain child run.
@MainActor
struct Measurer {
    /// The timed runs per row; the table shows their median, minimum and maximum.
    var timedRuns = 7
    /// The length a timed run aims at; the events per run are calibrated to it.
    var secondsPerRun = 0.1
    /// The events of the shorter callgrind run; the longer one runs twice as many. A row may ask for fewer
    /// (``PerEvent/callgrindEvents``).
    var callgrindEvents = 5_000
    /// The events of the child run whose peak memory is reported.
    var memoryEvents = 50_000
    /// The path of `valgrind`; `nil` leaves the instruction and allocation columns empty.
    var valgrind: String?
    /// The executable callgrind runs: this one, without its debug sections (see
    /// ``CallgrindCounts/strippedCopy(of:)``).
    var valgrindExecutable = ChildProcess.currentExecutable

    /// Variables every child gets: Swift's hashing is seeded per process unless told otherwise, and a random
    /// seed could change the instructions a dictionary costs from one run to the next.
    static let childEnvironment = ["SWIFT_DETERMINISTIC_HASHING": "1"]

    func measure(_ variant: Variant, progress: (String) -> Void) throws -> Measured {
        switch variant.measurement {
        case .perEvent(let perEvent):
            return try measure(variant, perEvent, progress: progress)
        case .startup(let startup):
            return try measure(variant, startup, progress: progress)
        case .typedLines(let typed):
            return try measure(variant, typed, progress: progress)
        case .wallTime(let wallTime):
            return try wallTime.measure(variant, progress: progress)
        }
    }

    /// The lines of each timed run of a typed-line row.
    var timedLines = 500

    private func measure(_ variant: Variant, _ typed: TypedLines, progress: (String) -> Void) throws -> Measured {
        var measured = Measured(variant: variant, unit: typed.unit)
        progress("preparing")
        let command = try typed.command()

        progress("timing \(timedRuns) runs of \(timedLines) lines")
        _ = try Self.type(variant, typed, command, lines: timedLines)
        var samples: [Double] = []
        var peak = 0
        for _ in 0..<timedRuns {
            let result = try Self.type(variant, typed, command, lines: timedLines)
            samples.append((result.nanosecondsTyping ?? 0) / Double(timedLines))
            peak = max(peak, result.peakResidentBytesAtText ?? result.peakResidentBytes)
        }
        measured.nanoseconds = Spread(samples)
        measured.timedRuns = (timedRuns, timedLines)
        measured.peakResidentBytes = peak

        guard let valgrind, let shim = shimForCallgrind(progress: progress) else { return measured }
        let lines = typed.callgrindLines
        progress("callgrind, \(lines) and \(2 * lines) lines")
        let stripped = CallgrindCounts.strippedCopy(of: command[0])
        defer { if stripped != command[0] { try? FileManager.default.removeItem(atPath: stripped) } }
        var environment = Self.childEnvironment.merging(typed.environment) { _, row in row }
        if !shim.isEmpty { environment["LD_PRELOAD"] = shim }
        var counts: [CallgrindCounts] = []
        for count in [lines, 2 * lines] {
            let (measuredCounts, result) = try CallgrindCounts.run(
                valgrind: valgrind,
                [stripped] + command.dropFirst(),
                environment: environment,
                streams: typed.streams(lines: count),
                exitStatus: typed.exitStatus
            )
            try Self.verify(variant, typed, result, lines: count, where: "under callgrind")
            counts.append(measuredCounts)
        }
        measured.instructions = (Double(counts[1].instructions) - Double(counts[0].instructions)) / Double(lines)
        measured.allocations = (Double(counts[1].allocations) - Double(counts[0].allocations)) / Double(lines)
        return measured
    }

    /// Starts a typed-line row's program, types its lines, ends its input and waits for it to end; checks its
    /// exit status and what the terminal showed for the lines.
    ///
    /// - Returns: How the program ended.
    static func type(
        _ variant: Variant,
        _ typed: TypedLines,
        _ command: [String],
        lines: Int
    ) throws -> ChildProcess.Result {
        let result = try ChildProcess.run(
            command, environment: childEnvironment.merging(typed.environment) { _, row in row },
            streams: typed.streams(lines: lines))
        try verify(variant, typed, result, lines: lines, where: "at a terminal")
        return result
    }

    private static func verify(
        _ variant: Variant,
        _ typed: TypedLines,
        _ result: ChildProcess.Result,
        lines: Int,
        where place: String
    ) throws {
        guard result.status == typed.exitStatus else {
            throw BenchFailure(
                "\(variant.id) \(place) exited with \(result.status) at the end of its input, not \(typed.exitStatus)")
        }
        let expected = typed.expectedOutcome(lines: lines)
        let transcript = result.typedTranscript ?? ""
        let outcome = TypedLines.outcome(transcript: transcript, lines: lines)
        guard outcome == expected else {
            let wanted = Array((0..<lines).map(typed.expected).joined().utf8)
            let shown = Array(transcript.utf8)
            let common = zip(shown, wanted).prefix { $0 == $1 }.count
            throw BenchFailure(
                "\(variant.id) after \(lines) typed lines \(place): got \(outcome), expected \(expected); from byte "
                    + "\(common) on, the terminal showed "
                    + String(decoding: shown.dropFirst(common).prefix(300), as: UTF8.self).debugDescription
                    + " instead of "
                    + String(decoding: wanted.dropFirst(common).prefix(300), as: UTF8.self).debugDescription
            )
        }
    }

    /// The library to preload into a program under callgrind: the shim's path on Linux (`nil`, after saying why,
    /// when it is not built), empty elsewhere.
    private func shimForCallgrind(progress: (String) -> Void) -> String? {
        #if os(Linux)
            let shim = Self.sigsuspendShim
            if valgrind != nil, shim == nil {
                progress(
                    "no callgrind run: \(Self.shimName) is not built next to bench (valgrind 3.19 cannot run a Swift "
                        + "program with an async main without it); `swift build -c release --package-path Benchmarks` "
                        + "builds it, as run.sh does")
            }
            return shim
        #else
            return ""
        #endif
    }

    private func measure(_ variant: Variant, _ startup: Startup, progress: (String) -> Void) throws -> Measured {
        var measured = Measured(variant: variant, unit: startup.unit)
        progress("preparing")
        let command = try startup.command()

        progress("timing \(timedRuns) starts")
        _ = try Self.start(variant, startup, command)
        var samples: [Double] = []
        var peak = 0
        for _ in 0..<timedRuns {
            let (nanoseconds, result) = try Self.start(variant, startup, command)
            samples.append(nanoseconds)
            peak = max(peak, result.peakResidentBytesAtText ?? result.peakResidentBytes)
        }
        measured.nanoseconds = Spread(samples)
        measured.timedRuns = (timedRuns, 1)
        measured.peakResidentBytes = peak

        let shim = shimForCallgrind(progress: progress)
        if let valgrind, let shim {
            progress("callgrind, one run to the prompt and the end of its input")
            let stripped = CallgrindCounts.strippedCopy(of: command[0])
            defer { if stripped != command[0] { try? FileManager.default.removeItem(atPath: stripped) } }
            var environment = Self.childEnvironment
            if !shim.isEmpty { environment["LD_PRELOAD"] = shim }
            let (counts, result) = try CallgrindCounts.run(
                valgrind: valgrind,
                [stripped] + command.dropFirst(),
                environment: environment,
                streams: startup.childStreams,
                exitStatus: startup.exitStatus
            )
            guard result.output.contains(startup.prompt) else {
                throw BenchFailure(
                    "\(variant.id) under callgrind never wrote its prompt \(startup.prompt.debugDescription)")
            }
            measured.instructions = Double(counts.instructions)
            measured.allocations = Double(counts.allocations)
        }
        return measured
    }

    /// The file name of the `SigsuspendShim` product.
    static let shimName = "libSigsuspendShim.so"

    /// The `SigsuspendShim` library, preloaded into a start-up row's program under callgrind: valgrind 3.19 writes
    /// to the mask a program passes to `sigsuspend`, and crashes when it is read-only, as it is in libdispatch's
    /// `dispatch_main`, which every Swift program with an `async` main runs on Linux (see
    /// `Sources/SigsuspendShim`). `nil` when it is not built next to this executable.
    static var sigsuspendShim: String? {
        let path = URL(fileURLWithPath: ChildProcess.currentExecutable).deletingLastPathComponent()
            .appendingPathComponent(shimName).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Starts a program, waits for its prompt, ends its input and waits for it to end.
    ///
    /// - Returns: The nanoseconds to the prompt, and how the program ended.
    static func start(
        _ variant: Variant,
        _ startup: Startup,
        _ command: [String]
    ) throws -> (nanoseconds: Double, result: ChildProcess.Result) {
        let result = try ChildProcess.run(command, environment: childEnvironment, streams: startup.childStreams)
        guard let nanoseconds = result.nanosecondsToText else {
            throw BenchFailure(
                "\(variant.id) never wrote its prompt \(startup.prompt.debugDescription); it wrote:\n\(result.output)")
        }
        guard result.status == startup.exitStatus else {
            throw BenchFailure(
                "\(variant.id) exited with \(result.status) at the end of its input, not \(startup.exitStatus)")
        }
        return (nanoseconds, result)
    }

    private func measure(_ variant: Variant, _ perEvent: PerEvent, progress: (String) -> Void) throws -> Measured {
        var measured = Measured(variant: variant, unit: perEvent.unit)

        progress("timing")
        try Self.check(variant, perEvent, events: perEvent.checkEvents ?? 1_000)
        let pilotEvents = perEvent.checkEvents ?? 2_000
        let pilot = try Self.time(variant, perEvent, events: pilotEvents)
        let perEvent1 = max(pilot.nanoseconds / Double(pilotEvents), 0.1)
        let fewest = Double(perEvent.checkEvents ?? 1_000)
        let events = Self.round(min(max(secondsPerRun * 1e9 / perEvent1, fewest), 20_000_000))
        var samples: [Double] = []
        var units = events
        for _ in 0..<timedRuns {
            let run = try Self.time(variant, perEvent, events: events)
            samples.append(run.nanoseconds / Double(run.units))
            units = run.units
        }
        measured.nanoseconds = Spread(samples)
        measured.timedRuns = (timedRuns, units)

        if let valgrind {
            let events = perEvent.callgrindEvents ?? callgrindEvents
            progress("callgrind, \(events) and \(2 * events) events")
            let short = try callgrind(variant, perEvent, valgrind: valgrind, events: events)
            let long = try callgrind(variant, perEvent, valgrind: valgrind, events: 2 * events)
            let units = Double(long.units - short.units)
            measured.instructions = (Double(long.counts.instructions) - Double(short.counts.instructions)) / units
            measured.allocations = (Double(long.counts.allocations) - Double(short.counts.allocations)) / units
        }

        let memoryEvents = perEvent.memoryEvents ?? memoryEvents
        progress("peak memory, \(memoryEvents) events")
        let run = try child(variant, perEvent, events: memoryEvents, working: perEvent.measuresWorkingMemory)
        measured.peakResidentBytes = PeakMemory.parse(run.output) ?? run.peakResidentBytes
        measured.peakWorkingBytes = PeakMemory.parseWorking(run.output)
        return measured
    }

    /// Runs a fresh workload in this process and checks its outcome.
    static func check(_ variant: Variant, _ perEvent: PerEvent, events: Int) throws {
        let workload = perEvent.make()
        workload.run(events: events)
        try verify(variant, perEvent, workload.outcome, events: events, where: "in process")
    }

    /// Runs a child process of this executable that runs a fresh workload, and checks its outcome.
    func child(
        _ variant: Variant, _ perEvent: PerEvent, events: Int, working: Bool = false
    ) throws -> ChildProcess.Result {
        let result = try ChildProcess.run(
            [ChildProcess.currentExecutable, "run", variant.id, String(events)] + (working ? ["--working"] : []),
            environment: Self.childEnvironment
        )
        guard result.status == 0 else { throw BenchFailure("\(variant.id): child exited with \(result.status)") }
        try Self.verify(variant, perEvent, Outcome(parsing: result.output), events: events, where: "in a child")
        return result
    }

    /// The wall-clock nanoseconds of one run of a fresh workload, whose outcome is checked after the clock stops,
    /// and the units it did: its events, or the units it counted.
    private static func time(
        _ variant: Variant, _ perEvent: PerEvent, events: Int
    ) throws -> (nanoseconds: Double, units: Int) {
        let workload = perEvent.make()
        let clock = ContinuousClock()
        let start = clock.now
        workload.run(events: events)
        let elapsed = start.duration(to: clock.now)
        let outcome = workload.outcome
        try verify(variant, perEvent, outcome, events: events, where: "in a timed run")
        return (ChildProcess.nanoseconds(elapsed), perEvent.countsUnits ? outcome.renders : events)
    }

    private func callgrind(
        _ variant: Variant,
        _ perEvent: PerEvent,
        valgrind: String,
        events: Int
    ) throws -> (counts: CallgrindCounts, units: Int) {
        let (counts, result) = try CallgrindCounts.run(
            valgrind: valgrind,
            [valgrindExecutable, "run", variant.id, String(events)],
            environment: Self.childEnvironment
        )
        let outcome = Outcome(parsing: result.output)
        try Self.verify(variant, perEvent, outcome, events: events, where: "under callgrind")
        return (counts, perEvent.countsUnits ? outcome?.renders ?? 0 : events)
    }

    private static func verify(
        _ variant: Variant,
        _ perEvent: PerEvent,
        _ outcome: Outcome?,
        events: Int,
        where place: String
    ) throws {
        guard perEvent.accepts(outcome, events: events) else {
            let expected = perEvent.expected(events)
            throw BenchFailure(
                "\(variant.id) after \(events) events \(place): got \(outcome.map(String.init(describing:)) ?? "no outcome"), expected \(perEvent.countsUnits ? "checksum=\(expected.checksum) and at least one unit" : "\(expected)")"
            )
        }
    }

    /// Rounds an event count to two significant digits, so the table's run lengths read easily.
    private static func round(_ value: Double) -> Int {
        var scale = 1.0
        while value / scale >= 100 { scale *= 10 }
        return Int((value / scale).rounded()) * Int(scale)
    }
}
