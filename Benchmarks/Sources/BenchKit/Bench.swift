internal import Foundation

/// The `bench` command line: the whole report, the quick check CI runs, and the child runs the report measures.
///
/// ```
/// bench [report] [--only ID,ID] [--no-valgrind]   the full set: one Markdown table, then the goals
/// bench quick [--only ID,ID]                      every row for a few events, checksums checked, nothing timed
/// bench run ID EVENTS [--working]                 one fresh workload, then its outcome (the child of a report;
///                                                 --working: the memory its events need, after a first one)
/// bench list                                      the rows' ids and titles
/// ```
@MainActor
public enum Bench {
    /// Runs the command line.
    ///
    /// - Parameters:
    ///   - variants: Every row, in table order.
    ///   - figures: Figures derived from the rows, printed under the table.
    ///   - goals: The targets checked under the table.
    ///   - checks: Checks of the workloads, run by `quick` and before a report measures.
    ///   - arguments: The command-line arguments after the program's name.
    /// - Returns: The exit status: 0 when every check passed (a missed goal is reported, not a failure).
    public static func main(
        variants: [Variant],
        figures: [DerivedFigure] = [],
        goals: [Goal],
        checks: [Check] = [],
        arguments: [String]
    ) -> Int32 {
        do {
            var arguments = arguments[...]
            let command = arguments.first.map { $0.hasPrefix("-") ? "report" : $0 } ?? "report"
            if arguments.first == command { arguments = arguments.dropFirst() }
            switch command {
            case "report":
                let options = try Options(arguments, variants: variants)
                if runChecks(checks, printing: false) > 0 { return 1 }
                try report(options.variants, figures: figures, goals: goals, useValgrind: options.useValgrind)
            case "quick":
                let options = try Options(arguments, variants: variants)
                let failedChecks = runChecks(checks, printing: true)
                return try quick(options.variants, failedChecks: failedChecks)
            case "run":
                let working = arguments.last == "--working"
                if working { arguments = arguments.dropLast() }
                guard arguments.count == 2, let id = arguments.first, let events = Int(arguments.last ?? ""),
                    let variant = variants.first(where: { $0.id == id })
                else { throw BenchFailure("usage: bench run ID EVENTS [--working] (ids: bench list)") }
                try run(variant, events: events, working: working)
            case "list":
                for variant in variants { print("\(variant.id)\t\(variant.group)\t\(variant.title)") }
            default:
                throw BenchFailure("unknown command '\(command)'; use report, quick, run or list")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
            return 1
        }
    }

    private struct Options {
        var variants: [Variant]
        var useValgrind = true

        init(_ arguments: ArraySlice<String>, variants all: [Variant]) throws {
            variants = all
            var arguments = arguments
            while let argument = arguments.popFirst() {
                switch argument {
                case "--no-valgrind":
                    useValgrind = false
                case "--only":
                    guard let list = arguments.popFirst() else { throw BenchFailure("--only needs ids") }
                    let ids = list.split(separator: ",").map(String.init)
                    for id in ids where !all.contains(where: { $0.id == id }) {
                        throw BenchFailure("no row '\(id)' (ids: bench list)")
                    }
                    variants = all.filter { ids.contains($0.id) }
                default:
                    throw BenchFailure("unknown option '\(argument)'")
                }
            }
        }
    }

    private static func report(
        _ variants: [Variant],
        figures: [DerivedFigure],
        goals: [Goal],
        useValgrind: Bool
    ) throws {
        var measurer = Measurer()
        if useValgrind {
            measurer.valgrind = ChildProcess.find("valgrind")
            if measurer.valgrind == nil {
                log("valgrind not found: instruction and allocation columns stay empty (Benchmarks/run.sh installs it)")
            } else {
                measurer.valgrindExecutable = CallgrindCounts.strippedCopy(of: ChildProcess.currentExecutable)
            }
        }
        var rows: [Measured] = []
        // A row whose run fails a check is measured again, twice at most, and the note under the table names it
        // with the failure, so that one failed run does not end a report of an hour or more unseen; a third
        // failure ends the report. A row that cannot run here (BenchUnavailable) is listed, not measured.
        var unavailable: [String] = []
        var retried: [String] = []
        for variant in variants {
            var failures = 0
            while true {
                do {
                    rows.append(try measurer.measure(variant) { log("\(variant.id): \($0)") })
                    break
                } catch let reason as BenchUnavailable {
                    log("\(variant.id): not measured: \(reason)")
                    rows.append(Measured(variant: variant, unit: variant.unit))
                    unavailable.append("\(variant.id): \(reason)")
                    break
                } catch where failures < 2 {
                    failures += 1
                    log("\(error); measuring \(variant.id) again")
                    retried.append("\(variant.id) (\(error))")
                }
            }
        }
        if measurer.valgrindExecutable != ChildProcess.currentExecutable {
            try? FileManager.default.removeItem(atPath: measurer.valgrindExecutable)
        }
        let results = Results(rows: rows)
        print(MarkdownTable.render(results))
        print()
        let fewer = variants.compactMap { variant -> String? in
            guard case .perEvent(let perEvent) = variant.measurement, let events = perEvent.callgrindEvents else {
                return nil
            }
            guard perEvent.countsUnits else { return "\(variant.id): \(events) and \(2 * events)" }
            return "\(variant.id): \(events) and \(2 * events) events of \(perEvent.unit)s it counts, the difference "
                + "divided by the difference of its \(perEvent.unit)s"
        }
        print(
            "Time: median, minimum and maximum of \(measurer.timedRuns) runs in one process. Instructions and "
                + "allocations: callgrind runs of \(measurer.callgrindEvents) and \(2 * measurer.callgrindEvents) "
                + "events in a child process\(fewer.isEmpty ? "" : " (" + fewer.joined(separator: "; ") + ")"), "
                + "the difference divided by the shorter run's events; allocations are "
                + "calls into malloc, calloc, realloc and the aligned allocators. Peak RSS: `VmHWM` of a child process that "
                + "ran \(measurer.memoryEvents) events\(fewerForMemory(variants))."
        )
        if variants.contains(where: { if case .startup = $0.measurement { true } else { false } }) {
            print()
            print(
                "Start-up rows: time from starting the program to its prompt, \(measurer.timedRuns) starts; "
                    + "instructions and allocations: callgrind's totals for a whole run, from its start to its "
                    + "prompt and on to its end when its input ends there (Ctrl-D at a terminal); peak RSS: the "
                    + "largest `VmHWM` at the prompt over the timed starts."
            )
        }
        let typedRows = variants.compactMap { variant -> String? in
            guard case .typedLines(let typed) = variant.measurement else { return nil }
            return "\(typed.callgrindLines) and \(2 * typed.callgrindLines) lines (\(variant.id))"
        }
        if !typedRows.isEmpty {
            print()
            print(
                "Typed-line rows: a line typed each time the prompt shows, after the program's first prompt; time: "
                    + "from that prompt to the prompt after the last line, divided by the lines, \(measurer.timedRuns) "
                    + "runs of \(measurer.timedLines) lines; instructions and allocations: callgrind runs typing "
                    + typedRows.joined(separator: "; ") + ", the difference divided by the shorter run's "
                    + "lines; peak RSS: the largest `VmHWM` at the last prompt over the timed runs. Every run "
                    + "checks what the terminal showed for the lines."
            )
        }
        let wallTimeRows = variants.compactMap { variant -> String? in
            guard case .wallTime(let wallTime) = variant.measurement else { return nil }
            return "\(variant.id): \(wallTime.runs) runs"
        }
        if !wallTimeRows.isEmpty {
            print()
            print(
                "Wall-time rows (" + wallTimeRows.joined(separator: "; ") + ", after one untimed): the wall-clock "
                    + "time of the whole program, from its start to its end, median, minimum and maximum; no "
                    + "instruction, allocation or memory figure, since most of the work is in other processes.")
        }
        if !unavailable.isEmpty {
            print()
            print("Not measured here: " + unavailable.joined(separator: "; "))
        }
        if !retried.isEmpty {
            print()
            print(
                "Measured again after a failed check, the figures being the later run's: "
                    + retried.joined(separator: "; ") + ".")
        }
        let lines = figures.compactMap { $0.line(results) }
        if !lines.isEmpty {
            print()
            print("Derived from the table:")
            for line in lines { print("- \(line)") }
        }
        let verdicts = goals.map { ($0, $0.evaluate(results)) }
        if !verdicts.isEmpty {
            print()
            print("Goals (instruction counts, unless a goal says otherwise):")
            for (goal, verdict) in verdicts {
                switch (verdict, goal.retirement) {
                case (.some(let verdict), nil):
                    print("- \(verdict.isMet ? "met" : "MISSED"): \(goal.statement) — \(verdict.evidence)")
                case (.some(let verdict), let reason?):
                    print("- retired: \(goal.statement) — \(verdict.evidence); retired because \(reason)")
                case (.none, nil):
                    print("- not measured: \(goal.statement)")
                case (.none, let reason?):
                    print("- retired, not measured: \(goal.statement); retired because \(reason)")
                }
            }
        }
    }

    /// The rows whose peak-memory run is shorter, for the note under the table: " (rows.keyed.10000: 500)".
    private static func fewerForMemory(_ variants: [Variant]) -> String {
        let fewer = variants.compactMap { variant -> String? in
            guard case .perEvent(let perEvent) = variant.measurement, let events = perEvent.memoryEvents else {
                return nil
            }
            return "\(variant.id): \(events)"
        }
        return fewer.isEmpty ? "" : " (" + fewer.joined(separator: "; ") + ")"
    }

    /// Runs the workloads' checks; says each result in `quick`, and only failures in a report.
    ///
    /// - Returns: How many failed.
    private static func runChecks(_ checks: [Check], printing: Bool) -> Int {
        var failed = 0
        for check in checks {
            switch check.run() {
            case .passed(let covered):
                if printing { print("ok: check \(check.name) (\(covered))") }
            case .failed(let problem):
                failed += 1
                print("FAILED: check \(check.name): \(problem)")
            }
        }
        return failed
    }

    private static func quick(_ variants: [Variant], failedChecks: Int) throws -> Int32 {
        let measurer = Measurer()
        var failed = failedChecks
        var skipped = 0
        for variant in variants {
            do {
                switch variant.measurement {
                case .perEvent(let perEvent) where !perEvent.isQuick:
                    skipped += 1
                    print("left to the report: \(variant.id)")
                    continue
                case .perEvent(let perEvent):
                    try Measurer.check(variant, perEvent, events: perEvent.checkEvents ?? 2_000)
                    _ = try measurer.child(variant, perEvent, events: min(perEvent.callgrindEvents ?? 200, 200))
                case .startup(let startup):
                    log("\(variant.id): preparing (a start-up row may build its program first)")
                    _ = try Measurer.start(variant, startup, startup.command())
                case .typedLines(let typed):
                    log("\(variant.id): preparing (a typed-line row may build its program first)")
                    _ = try Measurer.type(variant, typed, typed.command(), lines: 20)
                case .wallTime(let wallTime):
                    log("\(variant.id): preparing (a wall-time row may build its program first)")
                    let run = try wallTime.command()
                    for _ in 0..<2 { _ = try WallTime.time(variant, run) }
                }
                print("ok: \(variant.id)")
            } catch let reason as BenchUnavailable {
                skipped += 1
                print("skipped: \(variant.id): \(reason)")
            } catch {
                failed += 1
                print("FAILED: \(error)")
            }
        }
        print(
            "quick: \(variants.count - skipped - (failed - failedChecks)) rows passed, \(skipped) left to the "
                + "report, \(failed) failed (checks included)")
        return failed == 0 ? 0 : 1
    }

    private static func run(_ variant: Variant, events: Int, working: Bool) throws {
        switch variant.measurement {
        case .perEvent(let perEvent):
            let workload = perEvent.make()
            guard working, events >= 2 else {
                workload.run(events: events)
                print(workload.outcome)
                if let line = PeakMemory.line() { print(line) }
                return
            }
            // The first event warms up (the code's pages read in, the allocator's arenas made) before the
            // high-water mark is reset, so the working memory is the events' data alone. Only for rows whose
            // workload continues from one run(events:) to the next (PerEvent.measuresWorkingMemory).
            workload.run(events: 1)
            let start = PeakMemory.startWorking()
            workload.run(events: events - 1)
            print(workload.outcome)
            if let line = PeakMemory.line(earlier: start?.earlierPeak) { print(line) }
            if let start, let line = PeakMemory.workingLine(from: start) { print(line) }
        case .startup, .typedLines, .wallTime:
            throw BenchFailure("\(variant.id) measures a program of its own; 'run' is for per-event rows")
        }
    }

    private static func log(_ message: String) {
        FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
    }
}
