import Foundation
import LoginFeature

/// An authenticator the test completes by hand: each call waits until the test answers it, so a test sees the
/// loading state and decides the outcome with no sleeps. A cancelled caller gets `.cancelled`.
final class ManualAuthenticator: Authenticator, @unchecked Sendable {
    struct Request: Equatable {
        let username: String
        let password: String
    }

    private struct Pending {
        let id: Int
        let request: Request
        let continuation: CheckedContinuation<Result<User, AuthenticationError>, Never>
    }

    private let lock = NSLock()
    private var pending: [Pending] = []
    private var nextID = 0
    private var callWaiters: [CheckedContinuation<Request, Never>] = []
    private var cancelledBeforeWaiting: Set<Int> = []

    /// Runs when the authenticator is freed; a test uses it to learn that a task holding it has ended.
    nonisolated(unsafe) var onDeinit: (@Sendable () -> Void)?

    deinit { onDeinit?() }

    /// How many calls are waiting for an answer.
    var pendingCount: Int { lock.withLock { pending.count } }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        let request = Request(username: username, password: password)
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (cancelled, waiter): (Bool, CheckedContinuation<Request, Never>?) = lock.withLock {
                    if cancelledBeforeWaiting.remove(id) != nil { return (true, nil) }
                    pending.append(Pending(id: id, request: request, continuation: continuation))
                    return (false, callWaiters.isEmpty ? nil : callWaiters.removeFirst())
                }
                if cancelled { continuation.resume(returning: .failure(.cancelled)) }
                waiter?.resume(returning: request)
            }
        } onCancel: {
            if !answer(id: id, with: .failure(.cancelled)) {
                lock.withLock { _ = cancelledBeforeWaiting.insert(id) }
            }
        }
        return try result.get()
    }

    /// Suspends until a call is waiting, then returns its request. Returns at once if one already waits.
    func nextRequest() async -> Request {
        await withCheckedContinuation { continuation in
            let waiting: Request? = lock.withLock {
                if let first = pending.first { return first.request }
                callWaiters.append(continuation)
                return nil
            }
            if let waiting { continuation.resume(returning: waiting) }
        }
    }

    /// Answers the oldest waiting call.
    func answerOldest(with result: Result<User, AuthenticationError>) {
        let oldest = lock.withLock { pending.first?.id }
        if let oldest { answer(id: oldest, with: result) }
    }

    @discardableResult
    private func answer(id: Int, with result: Result<User, AuthenticationError>) -> Bool {
        let entry: Pending? = lock.withLock {
            guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
            return pending.remove(at: index)
        }
        entry?.continuation.resume(returning: result)
        return entry != nil
    }
}
