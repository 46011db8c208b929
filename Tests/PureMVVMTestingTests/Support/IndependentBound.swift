import Foundation
import XCTest

extension XCTestCase {
    /// Runs `operation` in a task of its own and waits for it with XCTest's own bound (`fulfillment(of:timeout:)`),
    /// not with this module's: for the tests of the module's bounds themselves (`withTimeLimit`, `nextSleep`,
    /// `PendingCalls.next`, `receive`), which a broken bound must fail, not hang.
    ///
    /// - Returns: How the operation ended; `nil` when it had not ended in `timeout` seconds (XCTest has then
    ///   failed the test, naming `awaited`).
    func independentlyBounded<Value: Sendable>(
        _ awaited: String, timeout: TimeInterval = 5, isolation: isolated (any Actor)? = #isolation,
        _ operation: sending @escaping @isolated(any) () async throws -> Value
    ) async -> Result<Value, any Error>? {
        let ended = expectation(description: awaited)
        let outcome = Outcome<Value>()
        let task = Task(operation: operation)
        Task {
            outcome.set(await task.result)
            ended.fulfill()
        }
        await fulfillment(of: [ended], timeout: timeout)
        return outcome.result
    }
}

/// The result of an operation, set by the task that waited for it.
private final class Outcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Value, any Error>?
    var result: Result<Value, any Error>? { lock.withLock { stored } }
    func set(_ result: Result<Value, any Error>) { lock.withLock { stored = result } }
}
