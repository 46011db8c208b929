internal import Foundation

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
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: root])
            }
            if isFolder.boolValue {
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
            FileHandle.standardError.write(Data("\(target): \(error)\n".utf8))
            exit(2)
        }
        var failures = 0
        for input in inputs {
            if let problem = check(input.bytes) {
                failures += 1
                FileHandle.standardError.write(Data("\(input.path): \(problem)\n".utf8))
            }
        }
        print("\(target): \(inputs.count - failures) passed, \(failures) failed")
        exit(failures == 0 ? 0 : 1)
    }

    /// Stops the process when a check failed, so libFuzzer records the input as a crash.
    ///
    /// - Parameter problem: The check's answer.
    package static func crash(on problem: String?) {
        if let problem { fatalError(problem) }
    }
}
