internal import Foundation

/// A row measured per start of a program: the time from starting it to its first prompt, the instructions and
/// allocations of a whole run that starts, prompts and ends at the end of its input, and its peak memory at the
/// prompt.
///
/// Part 4 (the console `login` to its first prompt, at a terminal) is such a row:
///
/// ```swift
/// Variant(
///     id: "console.login", group: "4. Console", title: "`login` to its first prompt", baseline: nil,
///     measurement: .startup(
///         Startup(prompt: "Username: ", streams: .terminal, exitStatus: 1) { [try Startup.releaseProduct("login")] }
///     )
/// )
/// ```
public struct Startup: Sendable {
    /// Where the program's standard streams go, and how its input ends once the prompt is shown.
    public enum Streams: Sendable {
        /// Pipes: the input stays open until the output shows the prompt, and is then closed.
        case pipes
        /// A new pseudo-terminal, as when a user starts the program at a terminal: it is the program's
        /// controlling terminal, standard input, output and error. Once it shows the prompt, Ctrl-D is typed.
        case terminal
    }

    /// What one unit of work is called in the table.
    public let unit: String
    /// Text the program writes when it is ready for input, such as a prompt.
    public let prompt: String
    /// Where the program's standard streams go.
    public let streams: Streams
    /// The status the program must exit with once its input ended after the prompt.
    public let exitStatus: Int32
    /// Returns the command to run (the program's path, then its arguments), building it first if need be. Called
    /// once per measurement, before anything is timed.
    public let command: @Sendable () throws -> [String]

    /// Describes a start-up row.
    ///
    /// - Parameters:
    ///   - unit: What one unit of work is called in the table; `start` by default.
    ///   - prompt: Text the program writes when it is ready for input.
    ///   - streams: Where the program's standard streams go; pipes by default.
    ///   - exitStatus: The status the program must exit with at the end of its input; 0 by default.
    ///   - command: Returns the program's path and arguments, building it first if need be.
    public init(
        unit: String = "start",
        prompt: String,
        streams: Streams = .pipes,
        exitStatus: Int32 = 0,
        command: @escaping @Sendable () throws -> [String]
    ) {
        self.unit = unit
        self.prompt = prompt
        self.streams = streams
        self.exitStatus = exitStatus
        self.command = command
    }

    /// The child-process streams of a run that waits for the prompt.
    var childStreams: ChildProcess.Streams {
        switch streams {
        case .pipes: .pipeUntil(prompt)
        case .terminal: .terminalUntil(prompt)
        }
    }

    /// Builds an executable product of the root package (the one `Benchmarks/` depends on) in release mode and
    /// returns its path.
    ///
    /// - Parameter product: The product's name, such as `login`.
    /// - Returns: The path of the built executable.
    /// - Throws: ``BenchFailure`` when the build fails.
    public static func releaseProduct(_ product: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let build = try ChildProcess.run([
            "swift", "build", "-c", "release", "--package-path", root, "--product", product,
        ])
        guard build.status == 0 else { throw BenchFailure("swift build --product \(product) failed:\n\(build.output)") }
        let binPath = try ChildProcess.run([
            "swift", "build", "-c", "release", "--package-path", root, "--show-bin-path",
        ])
        guard binPath.status == 0, let folder = binPath.output.split(separator: "\n").last else {
            throw BenchFailure("swift build --show-bin-path failed")
        }
        return "\(folder)/\(product)"
    }
}
