internal import Foundation

/// A value that one thread at a time reads or changes, behind a Foundation lock (the standard library's `Mutex`
/// needs iOS 18 and macOS 15; this module supports iOS 16 and macOS 13).
final class Locked<Value>: @unchecked Sendable {  // Every access to `value` holds the lock.
    private let lock = NSLock()
    private var value: Value

    /// Keeps a value behind the lock.
    ///
    /// - Parameter value: The value.
    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value while no other thread can reach it.
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.locked { body(&value) }
    }
}
