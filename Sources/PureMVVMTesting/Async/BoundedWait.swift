internal import Foundation
import PureMVVM

extension Task where Failure == Never {
    /// The task's value, waited for at most `timeout`: a bound on a hung test, not a delay.
    ///
    /// Use it wherever a test awaits work that only ends when the code under test does its part, so that a
    /// broken ViewModel or view fails the test, naming what it waited for, instead of hanging the whole run:
    ///
    /// ```swift
    /// let run = Task { await view.run(reading: terminal) }
    /// // … answer the fakes …
    /// let end = try await run.value(awaiting: "the home screen's session to end")
    /// ```
    ///
    /// When the time is up, the task is cancelled and left to end on its own.
    ///
    /// - Parameters:
    ///   - awaited: What the test waits for, for the failure: "the home screen's session to end".
    ///   - timeout: How long to wait at most; ``TimeLimitExceeded/defaultTimeout`` (5 seconds) by default.
    /// - Returns: The task's value.
    /// - Throws: ``TimeLimitExceeded`` naming `awaited` when the task has not ended in time.
    public func value(awaiting awaited: String, timeout: Duration = TimeLimitExceeded.defaultTimeout) async throws(TimeLimitExceeded)
        -> Success
    {
        switch await BoundedWait.race(self, timeout: timeout) {
        case .finished(let result): return result.get()
        case .timedOut: throw TimeLimitExceeded(awaited: awaited, timeout: timeout)
        }
    }
}

extension Task where Failure == any Error {
    /// The task's value, waited for at most `timeout`: a bound on a hung test, not a delay.
    ///
    /// When the time is up, the task is cancelled and left to end on its own.
    ///
    /// - Parameters:
    ///   - awaited: What the test waits for, for the failure: "the lookup to answer".
    ///   - timeout: How long to wait at most; ``TimeLimitExceeded/defaultTimeout`` (5 seconds) by default.
    /// - Returns: The task's value.
    /// - Throws: ``TimeLimitExceeded`` naming `awaited` when the task has not ended in time, or the task's own error.
    public func value(awaiting awaited: String, timeout: Duration = TimeLimitExceeded.defaultTimeout) async throws -> Success {
        switch await BoundedWait.race(self, timeout: timeout) {
        case .finished(let result): return try result.get()
        case .timedOut: throw TimeLimitExceeded(awaited: awaited, timeout: timeout)
        }
    }
}

/// Runs `operation` and waits for it at most `timeout`: a bound on a hung test, not a delay.
///
/// ```swift
/// let status = try await withTimeLimit("login to end") {
///     await program.run(arguments: ["--help"])
/// }
/// ```
///
/// The operation runs in a task of its own (main-actor code it calls runs on the main actor, as from any task),
/// cancelled when the caller is; when the time is up that task is cancelled and left to end on its own.
///
/// The bound holds only where the operation lets it: the timeout cancels the operation's task, and it ends the
/// wait for the task, but a caller on the main actor resumes only once the main actor is free. Code that never
/// suspends (a loop over a source that answers at once) keeps the main actor, so it must check
/// `Task.isCancelled` itself; the test watchdog (``TestWatchdog``) ends a run stuck in such code.
///
/// - Parameters:
///   - awaited: What the test waits for, for the failure.
///   - timeout: How long to wait at most; ``TimeLimitExceeded/defaultTimeout`` (5 seconds) by default.
///   - operation: The work to wait for.
/// - Returns: What the operation returned.
/// - Throws: ``TimeLimitExceeded`` naming `awaited` when it has not ended in time.
public func withTimeLimit<Value: Sendable>(
    _ awaited: String,
    timeout: Duration = TimeLimitExceeded.defaultTimeout,
    operation: sending @escaping @isolated(any) () async -> Value
) async throws(TimeLimitExceeded) -> Value {
    let task = Task(operation: operation)
    let outcome = await withTaskCancellationHandler {
        do throws(TimeLimitExceeded) {
            return Result<Value, TimeLimitExceeded>.success(try await task.value(awaiting: awaited, timeout: timeout))
        } catch {
            return .failure(error)
        }
    } onCancel: {
        task.cancel()
    }
    return try outcome.get()
}

/// Runs throwing `operation` and waits for it at most `timeout`: a bound on a hung test, not a delay.
///
/// ```swift
/// let load = try await withTimeLimit("the profile to load") {
///     try await service.loadProfile(for: "dimsky")
/// }
/// ```
///
/// The operation runs in a task of its own, cancelled when the caller is; when the time is up that task is
/// cancelled and left to end on its own. Its error is rethrown as it was: catch a typed error with
/// `catch let error as ProfileSourceError`.
///
/// - Parameters:
///   - awaited: What the test waits for, for the failure.
///   - timeout: How long to wait at most; ``TimeLimitExceeded/defaultTimeout`` (5 seconds) by default.
///   - operation: The work to wait for.
/// - Returns: What the operation returned.
/// - Throws: ``TimeLimitExceeded`` naming `awaited` when it has not ended in time, or the operation's own error.
public func withTimeLimit<Value: Sendable>(
    _ awaited: String,
    timeout: Duration = TimeLimitExceeded.defaultTimeout,
    operation: sending @escaping @isolated(any) () async throws -> Value
) async throws -> Value {
    let task = Task(operation: operation)
    return try await withTaskCancellationHandler {
        try await task.value(awaiting: awaited, timeout: timeout)
    } onCancel: {
        task.cancel()
    }
}

/// Races a task against a timer, without structured concurrency: a task group would wait for a hung child.
enum BoundedWait {
    enum Outcome<Success: Sendable, Failure: Error>: Sendable {
        case finished(Result<Success, Failure>)
        case timedOut
    }

    static func race<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>, timeout: Duration) async
        -> Outcome<Success, Failure>
    {
        let once = Once<Outcome<Success, Failure>>()
        let waiter = Task { once.finish(.finished(await task.result)) }
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            once.finish(.timedOut)
        }
        let outcome = await once.value()
        timer.cancel()
        if case .timedOut = outcome {
            task.cancel()
            waiter.cancel()
        }
        return outcome
    }
}

/// A value set once, by whichever side of a race comes first, and awaited by one waiter.
private final class Once<Value: Sendable>: @unchecked Sendable {
    private let lock = PlatformLock()
    private var stored: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    func finish(_ value: Value) {
        let waiting: CheckedContinuation<Value, Never>? = lock.locked {
            guard stored == nil else { return nil }
            stored = value
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: value)
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = lock.locked {
                if let stored { return stored }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
