internal import Foundation

extension NSLocking {
    /// Runs `body` while holding the lock: Foundation's `withLock`, which Apple platforms have only from iOS 17 and
    /// macOS 14, below this module's iOS 16 and macOS 13.
    ///
    /// - Parameter body: The work to do under the lock.
    /// - Returns: What `body` returns.
    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
