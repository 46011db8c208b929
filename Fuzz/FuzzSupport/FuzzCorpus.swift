// `login` links this module (it is also the argument parser's fuzz target), so it keeps to FoundationEssentials
// and the C library: full Foundation would load ICU into every `login` process.
#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif
#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The seed inputs of a fuzz target, kept under `Fixtures/fuzz/TARGET/` (found from this file's path), and the
/// replay that runs them, or any files given, through the target's check without libFuzzer.
package enum FuzzCorpus {
    /// The repository's `Fixtures/fuzz` folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // FuzzSupport
        .deletingLastPathComponent()  // Fuzz
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")

    /// The inputs in a target's seed folder, or in the given files and folders, sorted by path.
    ///
    /// - Parameters:
    ///   - target: The target's folder name under `Fixtures/fuzz`, such as `account-file`.
    ///   - paths: Files or folders to read instead; empty for the seed folder.
    /// - Returns: Each input's path and bytes.
    /// - Throws: When a file or folder cannot be read.
    package static func inputs(of target: String, paths: [String] = []) throws -> [(path: String, bytes: [UInt8])] {
        let roots = paths.isEmpty ? [folder.appendingPathComponent(target).path] : paths
        var files: [String] = []
        for root in roots {
            var status = stat()
            guard stat(root, &status) == 0 else { throw CorpusError(path: root) }
            if status.st_mode & S_IFMT == S_IFDIR {
                let names = try FileManager.default.contentsOfDirectory(atPath: root)
                files += names.filter { !$0.hasPrefix(".") }.map { root + "/" + $0 }
            } else {
                files.append(root)
            }
        }
        return try files.sorted().map { path in
            (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }

    /// Runs every input through a check and exits: 0 when all pass, 1 naming each failure. What a fuzz target's
    /// executable does when it is built without libFuzzer (`swift run AccountFileFuzz [FILE|FOLDER…]`).
    ///
    /// - Parameters:
    ///   - target: The target's folder name under `Fixtures/fuzz`.
    ///   - check: The target's check: `nil` when the input passes, or what went wrong.
    /// - Returns: Never; the process exits.
    package static func replay(_ target: String, check: ([UInt8]) -> String?) -> Never {
        let paths = Array(CommandLine.arguments.dropFirst())
        let inputs: [(path: String, bytes: [UInt8])]
        do {
            inputs = try self.inputs(of: target, paths: paths)
        } catch {
            writeError("\(target): \(error)\n")
            exit(2)
        }
        var failures = 0
        for input in inputs {
            if let problem = check(input.bytes) {
                failures += 1
                writeError("\(input.path): \(problem)\n")
            }
        }
        print("\(target): \(inputs.count - failures) passed, \(failures) failed")
        exit(failures == 0 ? 0 : 1)
    }

    /// Writes text to standard error.
    private static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    /// Stops the process when a check failed, so libFuzzer records the input as a crash.
    ///
    /// - Parameter problem: The check's answer.
    package static func crash(on problem: String?) {
        if let problem { fatalError(problem) }
    }
}

/// A seed file or folder that does not exist.
struct CorpusError: Error, CustomStringConvertible {
    /// The path that was given.
    let path: String

    var description: String { "no such file or folder: \(path)" }
}
