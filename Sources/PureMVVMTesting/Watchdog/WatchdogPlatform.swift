#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#elseif canImport(ucrt)
    internal import ucrt
#endif

// The module's one platform file: how the watchdog is installed when the process loads, how it writes and ends
// the process, and where the concurrency runtime keeps its hook on the global executor (for MainActorTurns).

#if compiler(>=6.3)
    /// Installs the XCTest observers (the watchdog's and the main-queue heartbeat's) when the process loads,
    /// before XCTest runs a test: a function pointer in the object format's list of initialisers (SE-0492), so that
    /// no test target has to call anything.
    #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
        @section(".init_array") @used
        private let installWatchdog: @convention(c) () -> Void = installWatchdogObserver
    #elseif canImport(Darwin)
        @section("__DATA,__mod_init_func") @used
        private let installWatchdog: @convention(c) () -> Void = installWatchdogObserver
    #elseif os(Windows)
        @section(".CRT$XCU") @used
        private let installWatchdog: @convention(c) () -> Void = installWatchdogObserver
    #endif
#endif

private func installWatchdogObserver() {
    WatchdogObserver.install()
    #if !canImport(Darwin)
        // Only swift-corelibs-xctest loses the wake-up that the heartbeat makes up for.
        MainQueueHeartbeat.Observer.install()
    #endif
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
}

extension GlobalEnqueueCount {
    /// The address of the concurrency runtime's `swift_task_enqueueGlobal_hook`, a function pointer it calls, when
    /// set, for every job enqueued on the global executor; `nil` where it cannot be found.
    static var hookAddress: UnsafeMutableRawPointer? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook")
        #else
            nil
        #endif
    }
}
