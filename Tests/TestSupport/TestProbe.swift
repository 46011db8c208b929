import Foundation

/// Runs `TestProbe` (Tests/TestProbe), the small program whose scenarios end their process on purpose (a failed
/// precondition, the test watchdog), and reports how it ended. The test targets that use it depend on it, so
/// `swift test` builds it; it is found next to the test bundle, never through the current directory.
package enum TestProbe {
    /// How the probe ended and what it wrote.
    package struct Outcome: Sendable {
        /// The exit status, when it exited.
        package let exitStatus: Int32?
        /// The signal that ended it, when one did.
        package let signal: Int32?
        /// What it wrote to standard output.
        package let output: String
        /// What it wrote to standard error.
        package let errors: String
    }

    /// Runs one scenario to its end, waiting at most `timeout` (then the probe is killed and this throws).
    ///
    /// - Parameters:
    ///   - scenario: The scenario's name, the probe's argument.
    ///   - environment: Variables added to this process's environment.
    ///   - standardInput: A file or folder opened for reading as the probe's standard input; `nil` keeps this
    ///     process's.
    ///   - timeout: How long to wait at most: a bound on a broken test, not a delay.
    /// - Returns: How it ended.
    /// - Throws: When the probe cannot be found or started, or does not end in time.
    package static func run(
        _ scenario: String, environment: [String: String] = [:], standardInput: String? = nil,
        timeout: Duration = .seconds(20)
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = try path()
        process.arguments = [scenario]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let standardInput {
            guard let input = FileHandle(forReadingAtPath: standardInput) else {
                throw ProbeError("cannot open \(standardInput) as TestProbe \(scenario)'s standard input")
            }
            process.standardInput = input
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let reading = DispatchGroup()
        let collected = Collected()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            DispatchQueue.global().async(group: reading) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(String(decoding: data, as: UTF8.self), isOutput: isOutput)
            }
        }
        let (seconds, attoseconds) = timeout.components
        let bound = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard ended.wait(timeout: bound) == .success, reading.wait(timeout: bound) == .success else {
            kill(process.processIdentifier, SIGKILL)
            throw ProbeError("TestProbe \(scenario) did not end within \(timeout)")
        }
        let signalled = process.terminationReason == .uncaughtSignal
        return Outcome(
            exitStatus: signalled ? nil : process.terminationStatus,
            signal: signalled ? process.terminationStatus : nil,
            output: collected.output, errors: collected.errors)
    }

    private static func path() throws -> URL {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("TestProbe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ProbeError("the built TestProbe is not next to the tests in \(folders.map(\.path))")
    }

    /// The probe could not be run to its end.
    package struct ProbeError: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var texts = ["", ""]
        var output: String { lock.withLock { texts[0] } }
        var errors: String { lock.withLock { texts[1] } }
        func set(_ text: String, isOutput: Bool) { lock.withLock { texts[isOutput ? 0 : 1] = text } }
    }
}
