internal import Foundation

/// A row measured by wall time alone: a program run from its start to its end, with its input given at once, a
/// number of times; the table shows the median, minimum and maximum. For work done mostly in other processes (a
/// sign-in against a directory: slapd and nslcd do the work), where the program's own instruction counts would say
/// little: the instruction, allocation and memory columns stay empty.
///
/// A row that needs something the machine may not have running (a directory server) throws
/// ``BenchUnavailable`` from ``command``: the report shows the row unmeasured, with the reason under the table, and
/// the quick check counts it as skipped.
public struct WallTime: Sendable {
    /// One run: what to start, with what, and what it must do.
    public struct Run: Sendable {
        /// The program's path, then its arguments.
        public var arguments: [String]
        /// Its whole environment (nothing of the harness's is passed on).
        public var environment: [String: String]
        /// Its standard input, given at once and then closed.
        public var input: [UInt8]
        /// The status it must exit with.
        public var exitStatus: Int32
        /// Text its standard output must end with.
        public var outputSuffix: String

        /// Describes a run.
        ///
        /// - Parameters:
        ///   - arguments: The program's path, then its arguments.
        ///   - environment: Its whole environment.
        ///   - input: Its standard input.
        ///   - exitStatus: The status it must exit with; 0 by default.
        ///   - outputSuffix: Text its standard output must end with.
        public init(
            arguments: [String], environment: [String: String], input: [UInt8], exitStatus: Int32 = 0,
            outputSuffix: String
        ) {
            self.arguments = arguments
            self.environment = environment
            self.input = input
            self.exitStatus = exitStatus
            self.outputSuffix = outputSuffix
        }
    }

    /// What one unit of work is called in the table.
    public let unit: String
    /// The timed runs; one more runs first, untimed.
    public let runs: Int
    /// The run, building its program first if need be; throws ``BenchUnavailable`` when it cannot run here.
    public let command: @Sendable () throws -> Run

    /// Describes a wall-time row.
    ///
    /// - Parameters:
    ///   - unit: What one unit of work is called in the table.
    ///   - runs: The timed runs; 20 by default.
    ///   - command: Returns the run; throws ``BenchUnavailable`` when it cannot run on this machine now.
    public init(unit: String, runs: Int = 20, command: @escaping @Sendable () throws -> Run) {
        self.unit = unit
        self.runs = runs
        self.command = command
    }

    /// Times the runs: one untimed, then ``runs`` timed, each checked.
    ///
    /// - Parameters:
    ///   - variant: The row.
    ///   - progress: Told what happens.
    /// - Returns: The row with its time column.
    func measure(_ variant: Variant, progress: (String) -> Void) throws -> Measured {
        var measured = Measured(variant: variant, unit: unit)
        progress("preparing")
        let run = try command()
        progress("timing \(runs) runs (wall time)")
        _ = try Self.time(variant, run)
        var samples: [Double] = []
        for _ in 0..<runs { samples.append(try Self.time(variant, run)) }
        measured.nanoseconds = Spread(samples)
        measured.timedRuns = (runs, 1)
        return measured
    }

    /// Runs the program once and checks what it did.
    ///
    /// - Returns: The nanoseconds from just before its start to its end.
    static func time(_ variant: Variant, _ run: Run) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: run.arguments[0])
        process.arguments = Array(run.arguments.dropFirst())
        process.environment = run.environment
        let input = Pipe()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-wall-\(UUID()).out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let outputHandle = try FileHandle(forWritingTo: output)
        defer { try? outputHandle.close() }
        process.standardInput = input
        process.standardOutput = outputHandle
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: run.input)
        try input.fileHandleForWriting.close()
        guard ended.wait(timeout: .now() + 60) == .success else {
            process.terminate()
            _ = ended.wait(timeout: .now() + 5)
            throw BenchFailure("\(variant.id): \(run.arguments[0]) ran for more than 60 s")
        }
        let nanoseconds = ChildProcess.nanoseconds(start.duration(to: clock.now))
        let said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == run.exitStatus else {
            throw BenchFailure(
                "\(variant.id) exited with \(process.terminationStatus), not \(run.exitStatus); it wrote:\n\(said)")
        }
        guard said.hasSuffix(run.outputSuffix) else {
            throw BenchFailure(
                "\(variant.id) did not end its output with \(run.outputSuffix.debugDescription); it wrote:\n\(said)")
        }
        return nanoseconds
    }
}

/// A row that cannot run on this machine now, and why: the report leaves it unmeasured, the quick check skips it.
public struct BenchUnavailable: Error, CustomStringConvertible {
    /// Why, and how to run it.
    public var description: String

    /// Creates the reason.
    ///
    /// - Parameter description: Why the row cannot run, and how to run it.
    public init(_ description: String) {
        self.description = description
    }
}

extension Variant {
    /// What one unit of the row's work is called, whatever measures it.
    var unit: String {
        switch measurement {
        case .perEvent(let perEvent): perEvent.unit
        case .startup(let startup): startup.unit
        case .typedLines(let typed): typed.unit
        case .wallTime(let wallTime): wallTime.unit
        }
    }
}
