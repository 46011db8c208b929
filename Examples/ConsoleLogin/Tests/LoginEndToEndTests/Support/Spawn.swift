import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// posix_spawn with what these tests need, and no fork() in the multithreaded test process: a new session (so
/// the child has no controlling terminal unless it opens one), default signal handling and an empty signal mask
/// (whatever the test runner set), and file actions that set up the child's standard streams.
enum Spawn {
    /// POSIX_SPAWN_SETSID: glibc defines it only under _GNU_SOURCE, which Swift's Glibc module does not set.
    #if os(Linux)
        static let setSessionFlag: Int32 = 0x80
    #else
        static let setSessionFlag = Int32(POSIX_SPAWN_SETSID)
    #endif

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift does not import.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }

    /// Starts `path` with `arguments` and `environment`, after the file actions `configure` adds.
    static func start(
        _ path: String, _ arguments: [String], environment: [String: String],
        configure: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        // The child gets the streams its test gives it and nothing more: descriptors the test process holds
        // (XCTest's, other tests' pipes) would count against its open-file limit and keep pipes open.
        _ = closeFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // Every signal the tests send, and those the runner may ignore, back to its default (an ignored signal
        // stays ignored in a child, and `login` leaves an ignored signal alone).
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(setSessionFlag | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let result = descriptorLock.withLock { posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
        guard result == 0 else {
            throw TestSetupError("posix_spawn \(path): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for a child on a background thread; `wake` gets a byte when it has exited, and the returned box
    /// holds its status from then on.
    ///
    /// The thread owns `wake`: it closes it after writing, so the caller closes only the read end (a descriptor
    /// the caller closed could meanwhile be another test's, when runs go side by side).
    static func waitInBackground(_ pid: pid_t, wake: Int32) -> StatusBox {
        let box = StatusBox()
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            box.set(ExitStatus(waitStatus: status))
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
            close(wake)
        }
        return box
    }

    /// A pipe whose ends are closed on exec; the child gets copies through dup2.
    ///
    /// Made under ``descriptorLock``, which `start` holds too: a child spawned by another thread between `pipe`
    /// and `fcntl` would inherit the ends and hold this run's pipe open after its own child has ended.
    /// (`pipe2(O_CLOEXEC)` would do it in one call, but Swift's Glibc module does not export it.)
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try descriptorLock.withLock {
            guard pipe(&ends) == 0 else { throw TestSetupError("pipe: \(String(cString: strerror(errno)))") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (ends[0], ends[1])
    }

    /// Held while a pipe is made close-on-exec and while a child is spawned, so no child inherits a descriptor
    /// meant for another: the end-to-end tests run several children side by side.
    static let descriptorLock = NSLock()

    /// A minimal environment, so the tests do not depend on the runner's.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        // No Swift crash reporter: on a terminal it would wait for a key after a crash signal.
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        // Under scripts/sanitize.sh the child is built with the same sanitizer and takes the same options, with
        // the leak check on: it is off in the test process, where XCTest keeps every test case to the end.
        for (key, value) in ProcessInfo.processInfo.environment where key.hasSuffix("SAN_OPTIONS") {
            environment[key] = key == "ASAN_OPTIONS" ? value + ":detect_leaks=1" : value
            // pam_wrapper loads libpam with RTLD_DEEPBIND, which the sanitizers' runtimes refuse; this variable
            // (named after uid_wrapper, whose loader pam_wrapper shares) makes it load libpam plainly.
            environment["UID_WRAPPER_DISABLE_DEEPBIND"] = "1"
            environment["NSS_WRAPPER_DISABLE_DEEPBIND"] = "1"  // nss_wrapper's own switch, for the same reason
        }
        for (key, value) in extra { environment[key] = value }
        return environment
    }
}

/// Holds a child's status once it is known.
final class StatusBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var status: ExitStatus?

    func set(_ status: ExitStatus) {
        condition.withLock {
            self.status = status
            condition.broadcast()
        }
    }

    /// The status, or `nil` while the child runs.
    var value: ExitStatus? { condition.withLock { status } }
}
