package import Foundation

/// The PAM modules the tests compile from `Fixtures/pam/modules` (only a module of their own can make PAM answer
/// some results, such as `PAM_NEW_AUTHTOK_REQD`), with the C compiler that comes with the Swift toolchain.
package enum TestPAMModules {
    /// Why a module could not be built: its compiler's output.
    package struct BuildError: Error, CustomStringConvertible {
        package let description: String
    }

    /// Compiles `Fixtures/pam/modules/NAME.c` into `NAME.so` in a new folder of the system's temporary folder
    /// (not `/dev/shm`, which may forbid running code from it), which the caller removes.
    ///
    /// - Parameter name: The module's name, such as `pam_expired`.
    /// - Returns: The shared object, for a service file's module path.
    /// - Throws: ``BuildError`` when no compiler is found, or it fails or runs for more than 60 seconds.
    package static func build(_ name: String) throws -> URL {
        let source = Paths.fixtures.appendingPathComponent("pam/modules/\(name).c")
        guard let compiler = ["clang", "cc"].lazy.compactMap(Self.find).first else {
            throw BuildError(description: "no C compiler (clang or cc) in PATH to build \(name).so")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puremvvm-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let module = folder.appendingPathComponent("\(name).so")
        let process = Process()
        process.executableURL = compiler
        process.arguments = ["-shared", "-fPIC", "-Wall", "-Werror", "-o", module.path, source.path, "-lpam"]
        // A file, not a pipe: a compiler that says much cannot block on a pipe nobody reads yet.
        let log = folder.appendingPathComponent("\(name).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw BuildError(description: "\(compiler.path) ran for more than 60 s building \(name).so")
        }
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw BuildError(description: "\(compiler.path) could not build \(name).so:\n\(said)")
        }
        return module
    }

    private static func find(_ program: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(program) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
