#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to its end, with its standard input empty and its standard output captured, and reports its
/// peak memory: what the table's memory column and the callgrind runs need, which Foundation's `Process` does
/// not give (it reaps its children itself, so their resource usage is lost).
struct ChildProcess {
    /// How a child ended.
    struct Result {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        /// Everything it wrote to standard output.
        var output: String
        /// Its peak resident set size, in bytes.
        var peakResidentBytes: Int
    }

    /// Why a child could not be run.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program and waits for it.
    ///
    /// - Parameters:
    ///   - arguments: The program (a path, or a name looked up in `PATH`) and its arguments.
    ///   - environment: Variables added to this process's environment.
    /// - Returns: The exit status, standard output and peak resident set size.
    /// - Throws: ``Failure`` when the program cannot be started.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        var merged: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                merged[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        merged.merge(environment) { _, new in new }

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        defer { close(pipeEnds[0]) }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw Failure(description: "wait4 failed: errno \(errno)") }
        }
        let signal = status & 0x7f
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)
        #else
            let peak = Int(usage.ru_maxrss) * 1024
        #endif
        return Result(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            output: String(decoding: output, as: UTF8.self),
            peakResidentBytes: peak
        )
    }

    /// The path of the running executable, so the harness can run itself as a child.
    static var currentExecutable: String {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return CommandLine.arguments[0]
    }

    /// Finds a program in `PATH`.
    ///
    /// - Parameter name: The program's name, such as `valgrind`.
    /// - Returns: Its path, or `nil` when no directory of `PATH` holds it.
    static func find(_ name: String) -> String? {
        guard let path = getenv("PATH") else { return nil }
        for directory in String(cString: path).split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
