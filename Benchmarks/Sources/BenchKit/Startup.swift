internal import Foundation

/// A row measured per start of a program: the time from starting it to its first prompt, the instructions and
/// allocations of a whole run that starts, prompts and ends at the end of its (empty) input, and its peak memory.
///
/// Part 4 (the console `login` to its first prompt) is such a row:
///
/// ```swift
/// Variant(
///     id: "console.login", group: "4. Console start-up", title: "`login` to its first prompt", baseline: nil,
///     measurement: .startup(Startup(prompt: "Username: ") { try Startup.releaseProduct("login") })
/// )
/// ```
public struct Startup: Sendable {
    /// What one unit of work is called in the table.
    public let unit: String
    /// Text the program writes when it is ready for input, such as a prompt.
    public let prompt: String
    /// Returns the command to run (the program's path, then its arguments), building it first if need be. Called
    /// once per measurement, before anything is timed.
    public let command: @Sendable () throws -> [String]

    /// Describes a start-up row.
    ///
    /// - Parameters:
    ///   - unit: What one unit of work is called in the table; `start` by default.
    ///   - prompt: Text the program writes when it is ready for input.
    ///   - command: Returns the program's path and arguments, building it first if need be.
    public init(unit: String = "start", prompt: String, command: @escaping @Sendable () throws -> [String]) {
        self.unit = unit
        self.prompt = prompt
        self.command = command
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
