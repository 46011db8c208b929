// A workaround for valgrind 3.19 (Debian 12's), preloaded only into programs the start-up rows run under callgrind.
//
// Valgrind's wrapper of the rt_sigsuspend system call writes to the signal mask the program passes. libdispatch's
// `dispatch_main`, which a Swift program with an `async` main runs on Linux, parks the main thread in
// `sigsuspend` with a mask in read-only memory (`_dispatch_sigsuspend.mask`, in `.rodata`), so valgrind crashes
// ("VALGRIND INTERNAL ERROR: … SIGSEGV", si_code 2) as soon as such a program starts. This `sigsuspend` passes a
// copy of the mask on the stack to the C library's own, which is all that changes.

#if os(Linux)
    public import Glibc

    private typealias Sigsuspend = @convention(c) (UnsafePointer<sigset_t>?) -> Int32

    /// The C library's `sigsuspend`, the next definition after this library's (`RTLD_NEXT`).
    private let next: Sigsuspend? = dlsym(UnsafeMutableRawPointer(bitPattern: -1), "sigsuspend")
        .map { unsafeBitCast($0, to: Sigsuspend.self) }

    /// Waits for a signal with a signal mask, as the C library's `sigsuspend` does, handing it a writable copy of
    /// the mask.
    ///
    /// - Parameter mask: The signals to block while waiting.
    /// - Returns: -1, with `errno` set (`EINTR` after a signal), as `sigsuspend` always does.
    @_cdecl("sigsuspend")
    public func sigsuspend(_ mask: UnsafePointer<sigset_t>?) -> Int32 {
        guard let mask, let next else {
            errno = EFAULT
            return -1
        }
        var copy = mask.pointee
        return next(&copy)
    }
#endif
