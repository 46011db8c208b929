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

/// A lock of the C library: `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` on Linux and Android, an
/// `SRWLOCK` on Windows; where there are no threads (WebAssembly without them), no lock at all. For `Locked`, and for
/// the test support (package access), whose state a lock guards on every recorded call: Foundation's `NSLock` costs
/// more on Linux.
package final class PlatformLock: @unchecked Sendable {  // The lock's memory is only ever used through it.
    #if canImport(Darwin)
        private let mutex = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    #elseif canImport(WinSDK)
        private let mutex = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
    #endif

    /// Creates an unlocked lock.
    package init() {
        #if canImport(Darwin)
            mutex.initialize(to: os_unfair_lock())
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #elseif canImport(WinSDK)
            mutex.initialize(to: SRWLOCK())
            InitializeSRWLock(mutex)
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            pthread_mutex_destroy(mutex)
        #endif
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(WinSDK)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        #endif
    }

    /// Waits until no other thread holds the lock, and takes it.
    package func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            pthread_mutex_lock(mutex)
        #elseif canImport(WinSDK)
            AcquireSRWLockExclusive(mutex)
        #endif
    }

    /// Lets the lock go; the thread that took it must.
    package func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(mutex)
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Bionic)
            pthread_mutex_unlock(mutex)
        #elseif canImport(WinSDK)
            ReleaseSRWLockExclusive(mutex)
        #endif
    }

    /// Runs `body` while holding the lock.
    ///
    /// - Parameter body: The work to do under the lock.
    /// - Returns: What `body` returns.
    package func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value that one thread at a time reads or changes: a validation rule's helper that is not `Sendable` (a
/// `Regex`, a formatter), handed over with `sending` so that nothing else can reach it, and the test support's
/// counters.
package final class Locked<Value>: @unchecked Sendable {  // Every access to `value` holds the lock.
    private var value: Value
    private let lock = PlatformLock()

    /// Keeps a value behind the lock.
    ///
    /// - Parameter value: The value; nothing else may keep a reference to it.
    package init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while no other thread can reach it.
    ///
    /// - Parameter body: Reads or changes the value; it must not keep it.
    /// - Returns: What `body` returns.
    package func withLock<Result>(_ body: (inout Value) -> sending Result) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
