internal import Foundation

/// Calls to an async dependency that wait until the test answers them.
///
/// A fake dependency forwards each call here; the call suspends until the test responds, fails it, or never
/// does. The test can wait for a call to arrive and count the calls still waiting, so a loading state is seen on,
/// then off, in order, with no sleeps.
///
/// ```swift
/// final class FakeAuthenticator: Authenticator {
///     let calls = PendingCalls<Credentials, User, AuthenticationError>(
///         whenCancelled: .cancelled)
///     func authenticate(username: String, password: String)
///         async throws(AuthenticationError) -> User
///     {
///         try await calls.wait(
///             for: Credentials(username: username, password: password))
///     }
/// }
///
/// viewModel.login()
/// let request = try await fake.calls.next()  // the login's call has arrived
/// fake.calls.respond(with: User(name: "dimsky"))  // complete it
/// ```
///
/// A caller whose task is cancelled stops waiting and gets the `whenCancelled` failure. A call the test never
/// answers simply stays pending: that is how to test "never completes".
public final class PendingCalls<Request: Sendable, Response: Sendable, Failure: Error>: @unchecked Sendable {
    private struct Waiting {
        let id: Int
        let request: Request
        let continuation: CheckedContinuation<Result<Response, Failure>, Never>
    }

    private let lock = NSLock()
    private let cancellationFailure: Failure
    private var waiting: [Waiting] = []
    private var arrived: [Request] = []
    private var handedOut = 0
    private var nextID = 0
    private var cancelledEarly: Set<Int> = []
    private let arrivals = EventCount()

    /// Creates an empty set of calls.
    ///
    /// - Parameter whenCancelled: What a call whose task is cancelled throws, such as `.cancelled`.
    public init(whenCancelled: Failure) {
        cancellationFailure = whenCancelled
    }

    /// How many calls are waiting for an answer.
    public var pendingCount: Int { lock.withLock { waiting.count } }

    /// Every request that has arrived so far, oldest first, answered or not.
    public var requests: [Request] { lock.withLock { arrived } }

    /// Suspends the caller until the test answers. Call this from the fake's method.
    ///
    /// - Parameter request: What the caller asked for, for the test to inspect.
    /// - Returns: The response the test gave with ``respond(with:)``.
    /// - Throws: The failure the test gave with ``fail(with:)``, or the `whenCancelled` failure when the calling
    ///   task is cancelled.
    public func wait(for request: Request) async throws(Failure) -> Response {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response, Failure>, Never>) in
                let cancelled = lock.withLock {
                    if cancelledEarly.remove(id) != nil { return true }
                    waiting.append(Waiting(id: id, request: request, continuation: continuation))
                    arrived.append(request)
                    return false
                }
                if cancelled {
                    continuation.resume(returning: .failure(cancellationFailure))
                } else {
                    arrivals.signal()
                }
            }
        } onCancel: {
            if !answer(id: id, with: .failure(cancellationFailure)) {
                lock.withLock { _ = cancelledEarly.insert(id) }
            }
        }
        return try result.get()
    }

    /// Waits until a call the test has not taken yet arrives, and returns its request.
    ///
    /// Each call is returned once, in arrival order; one that arrived earlier is returned at once.
    ///
    /// - Parameter timeout: How long to wait at most: a bound on a broken test, not a delay.
    /// - Returns: The request of the next call.
    /// - Throws: ``TimedOut`` when no call arrives in time, so the test fails instead of hanging.
    public func next(timeout: Duration = TimedOut.defaultTimeout) async throws(TimedOut) -> Request {
        while true {
            let seen = arrivals.current
            let request: Request? = lock.withLock {
                guard handedOut < arrived.count else { return nil }
                defer { handedOut += 1 }
                return arrived[handedOut]
            }
            if let request { return request }
            guard await arrivals.wait(past: seen, timeout: timeout) else {
                throw TimedOut(awaited: "a call to \(Self.self)", timeout: timeout)
            }
        }
    }

    /// Completes the oldest waiting call with a response.
    ///
    /// - Parameter response: What the call returns.
    /// - Returns: `false` when no call was waiting.
    @discardableResult
    public func respond(with response: Response) -> Bool {
        answerOldest(with: .success(response))
    }

    /// Completes the oldest waiting call with a failure.
    ///
    /// - Parameter failure: What the call throws.
    /// - Returns: `false` when no call was waiting.
    @discardableResult
    public func fail(with failure: Failure) -> Bool {
        answerOldest(with: .failure(failure))
    }

    private func answerOldest(with result: Result<Response, Failure>) -> Bool {
        let oldest = lock.withLock { waiting.first?.id }
        guard let oldest else { return false }
        return answer(id: oldest, with: result)
    }

    private func answer(id: Int, with result: Result<Response, Failure>) -> Bool {
        let entry: Waiting? = lock.withLock {
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return waiting.remove(at: index)
        }
        entry?.continuation.resume(returning: result)
        return entry != nil
    }
}
