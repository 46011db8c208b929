#if canImport(Darwin)
    internal import Darwin
#elseif canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Bionic)
    internal import Bionic
#elseif canImport(WinSDK)
    internal import WinSDK
#endif

// The module's one platform file: a lock of the C library, since the standard library's `Mutex` needs iOS 18 /
// macOS 15 and the toolkit supports iOS 16 / macOS 13.

/// A value that one thread at a time reads or changes: a validation rule's helper that is not `Sendable` (a
/// `Regex`, a formatter), handed over with `sending` so that nothing else can reach it.
///
/// `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` on Linux and Android, an `SRWLOCK` on Windows; where
/// there are no threads (WebAssembly without them), no lock at all.
final class Locked<Value>: @unchecked Sendable {  // Every access to `value` holds the lock.
    private var value: Value
    #if canImport(Darwin)
        private let lock = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    #elseif canImport(WinSDK)
        private let lock = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
    #endif

    /// Keeps a value behind the lock.
    ///
    /// - Parameter value: The value; nothing else may keep a reference to it.
    init(_ value: sending Value) {
        self.value = value
        #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        #elseif canImport(WinSDK)
            lock.initialize(to: SRWLOCK())
            InitializeSRWLock(lock)
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            pthread_mutex_destroy(lock)
        #endif
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(WinSDK)
            lock.deinitialize(count: 1)
            lock.deallocate()
        #endif
    }

    /// Runs `body` with the value while no other thread can reach it.
    ///
    /// - Parameter body: Reads or changes the value; it must not keep it.
    /// - Returns: What `body` returns.
    func withLock<Result>(_ body: (inout Value) -> sending Result) -> sending Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
        #elseif canImport(WinSDK)
            AcquireSRWLockExclusive(lock)
            defer { ReleaseSRWLockExclusive(lock) }
        #endif
        return body(&value)
    }
}
