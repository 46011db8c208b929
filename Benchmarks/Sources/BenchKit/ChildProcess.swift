#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program to its end with its standard output captured, and reports its peak memory: what the table's
/// memory column, the callgrind runs and the start-up rows need, which Foundation's `Process` does not give (it
/// reaps its children itself, so their resource usage is lost).
struct ChildProcess {
    /// How a child ended.
    struct Result {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        /// Everything it wrote to standard output.
        var output: String
        /// Its peak resident set size, in bytes, from `wait4`. On Linux this includes the memory of the harness
        /// it was started from (see ``PeakMemory``): use it only where nothing better is known.
        var peakResidentBytes: Int
        /// Nanoseconds from just before the child was started to the first time its output contained the
        /// awaited text; `nil` when nothing was awaited or the text never came.
        var nanosecondsToText: Double?
        /// Its peak resident set size when the awaited text came, from `/proc` (see ``PeakMemory``).
        var peakResidentBytesAtText: Int?
    }

    /// Why a child could not be run.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program with an empty standard input and waits for it.
    ///
    /// - Parameters:
    ///   - arguments: The program (a path, or a name looked up in `PATH`) and its arguments.
    ///   - environment: Variables added to this process's environment.
    /// - Returns: The exit status, standard output and peak resident set size.
    /// - Throws: ``Failure`` when the program cannot be started.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(arguments, environment: environment, awaiting: nil)
    }

    /// Runs a program and waits for it. When `text` is given, the program's standard input stays open until its
    /// output contains `text` (a prompt, say), and the time until then is measured; then the input is closed, so
    /// a program that reads its input ends.
    ///
    /// - Parameters:
    ///   - arguments: The program (a path, or a name looked up in `PATH`) and its arguments.
    ///   - environment: Variables added to this process's environment.
    ///   - text: The output to wait for with the input open; `nil` to give the program an empty input.
    /// - Returns: The exit status, standard output, peak resident set size and time to `text`.
    /// - Throws: ``Failure`` when the program cannot be started.
    static func run(_ arguments: [String], environment: [String: String], awaiting text: String?) throws -> Result {
        var merged: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let variable = String(cString: pointer)
            if let equals = variable.firstIndex(of: "=") {
                merged[String(variable[..<equals])] = String(variable[variable.index(after: equals)...])
            }
            entry += 1
        }
        merged.merge(environment) { _, new in new }

        var outputEnds: [Int32] = [0, 0]
        var inputEnds: [Int32] = [-1, -1]
        guard pipe(&outputEnds) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        defer { close(outputEnds[0]) }
        if text != nil {
            guard pipe(&inputEnds) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if text != nil {
            posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
            posix_spawn_file_actions_addclose(&actions, inputEnds[0])
            posix_spawn_file_actions_addclose(&actions, inputEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, outputEnds[0])
        posix_spawn_file_actions_addclose(&actions, outputEnds[1])

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        var pid = pid_t()
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(outputEnds[1])
        if text != nil { close(inputEnds[0]) }
        var inputOpen = text != nil
        defer { if inputOpen { close(inputEnds[1]) } }
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }

        let awaited = text.map { Array($0.utf8) }
        var nanosecondsToText: Double?
        var peakAtText: Int?
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputEnds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: buffer[..<count])
                if inputOpen, let awaited, output.contains(awaited) {
                    let elapsed = start.duration(to: clock.now)
                    nanosecondsToText =
                        Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
                    peakAtText = PeakMemory.of(pid)
                    close(inputEnds[1])
                    inputOpen = false
                }
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
            peakResidentBytes: peak,
            nanosecondsToText: nanosecondsToText,
            peakResidentBytesAtText: peakAtText
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

extension Array where Element == UInt8 {
    /// Whether the bytes contain another run of bytes.
    fileprivate func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
