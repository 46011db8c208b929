#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#elseif canImport(ucrt)
    internal import ucrt
#endif

// The module's one platform file: how the watchdog writes, ends the process and asks whether a debugger is
// attached, and whether XCTest needs the main-queue heartbeat.

extension MainQueueHeartbeat {
    /// Whether this platform's XCTest loses the wake-up the heartbeat makes up for: swift-corelibs-xctest does,
    /// Apple's does not.
    static var isNeeded: Bool {
        #if canImport(Darwin)
            false
        #else
            true
        #endif
    }
}

extension TestWatchdog {
    /// Writes text to standard error at once, unbuffered.
    static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Flushes the output streams (the test log so far) and ends the process without running exit handlers.
    static func endProcess(status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }

    /// Whether a debugger is attached to this process: the kernel's `P_TRACED` flag, through `sysctl`, on Apple
    /// platforms. Elsewhere `false`: on Linux that needs `/proc`, which the module does not read; there the watchdog
    /// counts only the time the process runs, so a stop at a breakpoint does not end the run either.
    static var isDebuggerAttached: Bool {
        #if canImport(Darwin)
            var info = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
            guard sysctl(&name, u_int(name.count), &info, &size, nil, 0) == 0 else { return false }
            return info.kp_proc.p_flag & P_TRACED != 0
        #else
            return false
        #endif
    }
}
