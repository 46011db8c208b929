#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Darwin)
    /// `posix_spawn`'s file actions, an optional pointer on Darwin.
    typealias SpawnActions = posix_spawn_file_actions_t?
    /// `posix_spawn`'s attributes, an optional pointer on Darwin.
    typealias SpawnAttributes = posix_spawnattr_t?
#else
    /// `posix_spawn`'s file actions, a structure on Glibc.
    typealias SpawnActions = posix_spawn_file_actions_t
    /// `posix_spawn`'s attributes, a structure on Glibc.
    typealias SpawnAttributes = posix_spawnattr_t
#endif

/// Runs a program to its end with its output captured, and reports its peak memory: what the table's memory
/// column, the callgrind runs and the start-up rows need, which Foundation's `Process` does not give (it reaps its
/// children itself, so their resource usage is lost, and it cannot give a child a controlling terminal).
struct ChildProcess {
    /// How a child ended.
    struct Result {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        /// Everything it wrote to standard output (on a terminal: everything the terminal showed).
        var output: String
        /// Its peak resident set size, in bytes, from `wait4`. On Linux this includes the memory of the harness
        /// it was started from (see ``PeakMemory``): use it only where nothing better is known.
        var peakResidentBytes: Int
        /// Nanoseconds from just before the child was started to the first time its output contained the
        /// awaited text; `nil` when nothing was awaited or the text never came.
        var nanosecondsToText: Double?
        /// Its peak resident set size when the awaited text came (on a terminal where lines were typed: when it
        /// came after the last one), from `/proc` (see ``PeakMemory``).
        var peakResidentBytesAtText: Int?
        /// On a terminal where lines were typed: what it showed from the awaited text's first sighting to its last,
        /// the echo of each typed line and what the program wrote for it; `nil` elsewhere.
        var typedTranscript: String? = nil
        /// On a terminal where lines were typed: nanoseconds from the awaited text's first sighting to its last,
        /// after the last line; `nil` elsewhere.
        var nanosecondsTyping: Double? = nil
    }

    /// What a child's standard streams are, and how its input ends.
    enum Streams: Sendable {
        /// Input from `/dev/null`; output to a pipe.
        case emptyInput
        /// Input from a pipe that stays open until the output contains the text, and is then closed; output to a
        /// pipe.
        case pipeUntil(String)
        /// A new pseudo-terminal, which becomes the child's controlling terminal, as input, output and error, as
        /// for a user at a terminal. Once the terminal shows the text, Ctrl-D is typed: the end of input at a
        /// terminal.
        case terminalUntil(String)
        /// A new pseudo-terminal, as ``terminalUntil(_:)``, where the lines are typed before Ctrl-D: each with
        /// Enter, once the text shows, the first after its first sighting and each next one after the next.
        case terminalTyping([String], after: String)

        /// The text awaited before the input ends, if any.
        var awaited: String? {
            switch self {
            case .emptyInput: nil
            case .pipeUntil(let text), .terminalUntil(let text), .terminalTyping(_, after: let text): text
            }
        }
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
    ///   - streams: What its standard streams are; an empty input and an output pipe by default.
    ///   - timeout: How long to wait for the awaited text, and then for the end, on a terminal; the child is killed
    ///     after that. Pipes wait as long as it takes.
    /// - Returns: The exit status, the output, the peak resident set size and the time to the awaited text.
    /// - Throws: ``Failure`` when the program cannot be started, or on a terminal when it outlives `timeout`.
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        streams: Streams = .emptyInput,
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        switch streams {
        case .terminalUntil(let text):
            return try PseudoTerminal.run(arguments, environment: environment, until: text, timeout: timeout)
        case .terminalTyping(let lines, after: let text):
            return try PseudoTerminal.run(
                arguments, environment: environment, until: text, typing: lines, timeout: timeout)
        case .emptyInput, .pipeUntil:
            break
        }
        let text = streams.awaited
        var outputEnds: [Int32] = [0, 0]
        var inputEnds: [Int32] = [-1, -1]
        guard pipe(&outputEnds) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        defer { close(outputEnds[0]) }
        if text != nil {
            guard pipe(&inputEnds) == 0 else { throw Failure(description: "pipe() failed: errno \(errno)") }
        }

        var actions = Self.emptyActions
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

        let clock = ContinuousClock()
        let start = clock.now
        let spawned = spawn(arguments, environment: environment, actions: &actions, attributes: nil)
        close(outputEnds[1])
        if text != nil { close(inputEnds[0]) }
        var inputOpen = text != nil
        defer { if inputOpen { close(inputEnds[1]) } }
        let pid = try spawned.get()

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
                    nanosecondsToText = nanoseconds(start.duration(to: clock.now))
                    peakAtText = PeakMemory.of(pid)
                    close(inputEnds[1])
                    inputOpen = false
                }
            } else if count == 0 || errno != EINTR {
                break
            }
        }

        let (status, peak) = try reap(pid)
        return Result(
            status: status,
            output: String(decoding: output, as: UTF8.self),
            peakResidentBytes: peak,
            nanosecondsToText: nanosecondsToText,
            peakResidentBytesAtText: peakAtText
        )
    }

    /// Starts a program with `posix_spawnp`, this process's environment plus `environment`.
    ///
    /// - Returns: The child's process id, or why it could not be started.
    static func spawn(
        _ arguments: [String],
        environment: [String: String],
        actions: inout SpawnActions,
        attributes: UnsafePointer<SpawnAttributes>?
    ) -> Swift.Result<pid_t, Failure> {
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
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, attributes, argv, envp)
        guard spawned == 0 else {
            return .failure(Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))"))
        }
        return .success(pid)
    }

    /// Waits for a child to end.
    ///
    /// - Parameters:
    ///   - pid: The child.
    ///   - blocking: Whether to wait; when `false`, returns `nil` at once if the child is still running.
    /// - Returns: Its exit status (128 plus the signal that ended it) and `wait4`'s peak resident set size.
    static func reap(_ pid: pid_t, blocking: Bool = true) throws -> (status: Int32, peak: Int)? {
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let reaped = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
            if reaped == pid { break }
            if reaped == 0 { return nil }
            guard errno == EINTR else { throw Failure(description: "wait4 failed: errno \(errno)") }
        }
        let signal = status & 0x7f
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)
        #else
            let peak = Int(usage.ru_maxrss) * 1024
        #endif
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, peak)
    }

    /// Waits for a child to end.
    ///
    /// - Parameter pid: The child.
    /// - Returns: Its exit status (128 plus the signal that ended it) and `wait4`'s peak resident set size.
    static func reap(_ pid: pid_t) throws -> (status: Int32, peak: Int) {
        guard let ended = try reap(pid, blocking: true) else {
            throw Failure(description: "wait4 returned before \(pid) ended")
        }
        return ended
    }

    /// File actions to initialise with `posix_spawn_file_actions_init`.
    static var emptyActions: SpawnActions {
        #if canImport(Darwin)
            nil
        #else
            posix_spawn_file_actions_t()
        #endif
    }

    /// A duration in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
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
    /// Where the first run of bytes equal to `needle` at or after `start` ends.
    func endOfFirst(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, count - start >= needle.count else { return nil }
        for first in start...(count - needle.count) where self[first..<first + needle.count].elementsEqual(needle) {
            return first + needle.count
        }
        return nil
    }

    /// Whether the bytes contain another run of bytes.
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, count >= needle.count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
