#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program on a new pseudo-terminal, as a user at a terminal would start it: the terminal is its
/// controlling terminal (so `/dev/tty` opens), its standard input, output and error. The harness reads what the
/// terminal shows, waits for a text (a prompt), types any lines it was given, one at a time, each once the text
/// shows again (as a user types: one line per read), then types Ctrl-D, the end of input at a terminal, and reads
/// on until the program ends.
///
/// The program starts with `posix_spawn` in a new session and opens the terminal as its standard input, which
/// makes it the controlling terminal. The harness keeps no descriptor of the terminal's own side, so reading
/// fails (`EIO`) once the program and everything it started have closed theirs; it then reaps the program.
enum PseudoTerminal {
    /// `POSIX_SPAWN_SETSID`: Glibc defines it only under `_GNU_SOURCE`, which Swift's Glibc module does not set.
    #if os(Linux)
        private static let setSessionFlag: Int32 = 0x80
    #else
        private static let setSessionFlag = Int32(POSIX_SPAWN_SETSID)
    #endif

    /// Ctrl-D: at the start of a line, the end of input.
    private static let endOfInput: UInt8 = 0x04

    /// Runs a program on a new pseudo-terminal until it ends.
    ///
    /// - Parameters:
    ///   - arguments: The program and its arguments.
    ///   - environment: Variables added to this process's environment.
    ///   - text: What the terminal shows when the program waits for input, such as a prompt.
    ///   - lines: Lines to type, each with Enter, the first once `text` shows and each next one once it shows again.
    ///   - timeout: How long to wait for `text` and then for the end; the program is killed after that.
    /// - Returns: How the program ended; `output` is everything the terminal showed.
    /// - Throws: ``ChildProcess/Failure`` when the terminal cannot be set up, the program cannot be started, or
    ///   it outlives `timeout`.
    static func run(
        _ arguments: [String],
        environment: [String: String],
        until text: String,
        typing lines: [String] = [],
        timeout: Duration
    ) throws -> ChildProcess.Result {
        let (master, terminalPath) = try open()
        defer { close(master) }

        var actions = ChildProcess.emptyActions
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened in the child after setsid, without O_NOCTTY: it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = emptyAttributes
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(setSessionFlag | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))

        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + timeout
        let pid = try ChildProcess.spawn(
            arguments, environment: environment, actions: &actions, attributes: &attributes
        )
        .get()

        let awaited = Array(text.utf8)
        var nanosecondsToText: Double?
        var nanosecondsTyping: Double?
        var peakAtText: Int?
        var shown: [UInt8] = []
        /// Where the text is looked for next: after the text's last sighting.
        var searchFrom = 0
        /// Where the terminal's output after the text's first sighting starts.
        var typedStart: Int?
        var typed = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var ended: (status: Int32, peak: Int)?
        while ended == nil {
            guard clock.now < deadline else {
                kill(pid, SIGKILL)
                _ = try? ChildProcess.reap(pid)
                let waitedFor =
                    nanosecondsToText == nil
                    ? "show \(text.debugDescription)"
                    : typed < lines.count || nanosecondsTyping == nil
                        ? "show \(text.debugDescription) after typed line \(typed)" : "end"
                throw ChildProcess.Failure(
                    description:
                        "\(arguments[0]) did not \(waitedFor) within \(timeout); the terminal shows:\n"
                        + String(decoding: shown.suffix(2_000), as: UTF8.self))
            }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 100)
            if polled > 0 {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 {
                    shown.append(contentsOf: buffer[..<count])
                    if nanosecondsTyping == nil, let end = shown.endOfFirst(awaited, from: searchFrom) {
                        searchFrom = end
                        if nanosecondsToText == nil {
                            nanosecondsToText = ChildProcess.nanoseconds(start.duration(to: clock.now))
                            typedStart = end
                        }
                        if typed < lines.count {
                            var line = Array(lines[typed].utf8) + [UInt8(ascii: "\n")]
                            typed += 1
                            writeAll(master, &line)
                        } else {
                            if let textShown = nanosecondsToText {
                                nanosecondsTyping =
                                    ChildProcess.nanoseconds(start.duration(to: clock.now)) - textShown
                            }
                            peakAtText = PeakMemory.of(pid)
                            var key = [endOfInput]
                            writeAll(master, &key)
                        }
                    }
                    continue
                }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // EIO: no descriptor of the terminal's side is open, not yet or no longer.
                ended = try ChildProcess.reap(pid, blocking: false)
                if ended == nil { usleep(1_000) }
            } else if polled < 0, errno != EINTR {
                throw ChildProcess.Failure(description: "poll failed: errno \(errno)")
            } else {
                ended = try ChildProcess.reap(pid, blocking: false)
            }
        }
        return ChildProcess.Result(
            status: ended?.status ?? -1,
            output: String(decoding: shown, as: UTF8.self),
            peakResidentBytes: ended?.peak ?? 0,
            nanosecondsToText: nanosecondsToText,
            peakResidentBytesAtText: peakAtText,
            typedTranscript: typedStart.map { String(decoding: shown[$0..<searchFrom], as: UTF8.self) },
            nanosecondsTyping: lines.isEmpty ? nil : nanosecondsTyping
        )
    }

    /// Writes every byte to the terminal, retrying after interruptions.
    private static func writeAll(_ descriptor: Int32, _ bytes: inout [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }

    /// Attributes to initialise with `posix_spawnattr_init`.
    private static var emptyAttributes: SpawnAttributes {
        #if canImport(Darwin)
            nil
        #else
            posix_spawnattr_t()
        #endif
    }

    /// Opens a new pseudo-terminal.
    ///
    /// - Returns: The harness's side, and the path of the program's side.
    private static func open() throws -> (master: Int32, terminalPath: String) {
        #if os(Linux)
            let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard master >= 0 else { throw ChildProcess.Failure(description: "cannot open /dev/ptmx: errno \(errno)") }
            // TIOCSPTLCK and TIOCGPTN, whose macros Swift cannot import (the generic Linux ioctl encoding).
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
                close(master)
                throw ChildProcess.Failure(description: "cannot set up the pseudo-terminal: errno \(errno)")
            }
            return (master, "/dev/pts/\(number)")
        #else
            let master = posix_openpt(O_RDWR | O_NOCTTY)
            guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
                throw ChildProcess.Failure(description: "cannot set up the pseudo-terminal: errno \(errno)")
            }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            return (master, String(cString: name))
        #endif
    }
}
