internal import Foundation
import PureMVVM

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
/// answers stays pending; a ``ViewModelTester`` fails its test if a call that started during it still waits when
/// the tester ends (see "Unfinished work" in <doc:TestingAViewModel>).
///
/// Every call is kept in ``history`` with its outcome, so a test can say how the ViewModel called its dependency,
/// such as "at most one page request at a time" with ``maximumPendingCount``.
public final class PendingCalls<Request: Sendable, Response: Sendable, Failure: Error>: @unchecked Sendable {
    /// One call, as ``history`` keeps it.
    public struct Call: Sendable {
        /// What the caller asked for.
        public let request: Request
        /// How the call ended, or ``Outcome/waiting``.
        public internal(set) var outcome: Outcome
    }

    /// How a call ended.
    public enum Outcome: Sendable {
        /// The call still waits for the test to answer.
        case waiting
        /// The test answered with ``PendingCalls/respond(with:)``.
        case responded(Response)
        /// The test failed it with ``PendingCalls/fail(with:)``.
        case failed(Failure)
        /// The caller's task was cancelled; it got the `whenCancelled` failure.
        case cancelled
    }

    private struct Waiting {
        let id: Int
        let request: Request
        let continuation: CheckedContinuation<(Result<Response, Failure>, answer: Int?), Never>
        /// Where the call is in `calls`.
        let number: Int
        let origin: WorkOrigin?
        /// Whether the call started waiting on the main thread, where its caller takes the answer too.
        let onMainThread: Bool
    }

    /// What failures call these calls: the label, or the type.
    public let label: String?

    private let lock = PlatformLock()
    private let cancellationFailure: Failure
    private var waiting: [Waiting] = []
    private var calls: [Call] = []
    private var mostWaiting = 0
    private var handedOut = 0
    private var nextID = 0
    private var cancelledEarly: Set<Int> = []
    private let arrivals = EventCount()
    /// Its number with the registry of work.
    private let registration: Int

    /// Creates an empty set of calls.
    ///
    /// - Parameters:
    ///   - whenCancelled: What a call whose task is cancelled throws, such as `.cancelled`.
    ///   - label: What failures call these calls, such as "orders service"; the type by default.
    public init(whenCancelled: Failure, label: String? = nil) {
        cancellationFailure = whenCancelled
        self.label = label
        registration = WorkRegistry.shared.register()
    }

    deinit {
        WorkRegistry.shared.unregister(registration)
    }

    /// How many calls are waiting for an answer.
    public var pendingCount: Int { lock.locked { waiting.count } }

    /// The requests of the calls waiting for an answer, oldest first.
    public var pendingRequests: [Request] { lock.locked { waiting.map(\.request) } }

    /// Every request that has arrived so far, oldest first, answered or not.
    public var requests: [Request] { lock.locked { calls.map(\.request) } }

    /// Every call so far, oldest first, with how it ended.
    public var history: [Call] { lock.locked { calls } }

    /// The most calls that were waiting at once: 1 when the ViewModel never asked again before an answer came,
    /// as in `XCTAssertLessThanOrEqual(service.pages.maximumPendingCount, 1)`.
    public var maximumPendingCount: Int { lock.locked { mostWaiting } }

    /// Suspends the caller until the test answers. Call this from the fake's method.
    ///
    /// - Parameter request: What the caller asked for, for the test to inspect.
    /// - Returns: The response the test gave with ``respond(with:)``.
    /// - Throws: The failure the test gave with ``fail(with:)``, or the `whenCancelled` failure when the calling
    ///   task is cancelled.
    public func wait(for request: Request) async throws(Failure) -> Response {
        let id = lock.locked {
            nextID += 1
            return nextID
        }
        let origin = WorkOrigin.here
        let onMainThread = Thread.isMainThread
        let (result, answer) = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<(Result<Response, Failure>, answer: Int?), Never>) in
                // Told before the call can be seen (a test's next() may return at once): a settle that sees it sees
                // that it waits, and where.
                WorkWatch.shared.workStartsWaiting(on: "a call to \(name)")
                let cancelled = lock.locked {
                    if cancelledEarly.remove(id) != nil { return true }
                    waiting.append(
                        Waiting(
                            id: id, request: request, continuation: continuation, number: calls.count, origin: origin,
                            onMainThread: onMainThread))
                    calls.append(Call(request: request, outcome: .waiting))
                    mostWaiting = max(mostWaiting, waiting.count)
                    WorkRegistry.shared.source(self, number: registration, isWaiting: true)
                    return false
                }
                if cancelled {
                    continuation.resume(returning: (.failure(cancellationFailure), nil))
                } else {
                    arrivals.signal()
                }
            }
        } onCancel: {
            // One look under the lock: the call is waiting (answer it), or it has not started waiting (it will
            // find itself cancelled). Checking and then marking in two steps let a call start waiting in between
            // and wait for ever.
            let entry: Waiting? = lock.locked {
                guard let index = waiting.firstIndex(where: { $0.id == id }) else {
                    cancelledEarly.insert(id)
                    return nil
                }
                let entry = waiting.remove(at: index)
                calls[entry.number].outcome = .cancelled
                WorkRegistry.shared.source(self, number: registration, isWaiting: !waiting.isEmpty)
                return entry
            }
            entry?.continuation.resume(returning: (.failure(cancellationFailure), nil))
        }
        WorkWatch.shared.answerTaken(answer)
        return try result.get()
    }

    /// Waits until a call the test has not taken yet arrives, and returns its request.
    ///
    /// Each call is returned once, in arrival order; one that arrived earlier is returned at once.
    ///
    /// - Parameter timeout: How long to wait at most: a bound on a broken test, not a delay.
    /// - Returns: The request of the next call.
    /// - Throws: ``TimeLimitExceeded`` when no call arrives in time, so the test fails instead of hanging.
    public func next(timeout: Duration = TimeLimitExceeded.defaultTimeout) async throws(TimeLimitExceeded) -> Request {
        while true {
            let seen = arrivals.current
            let request: Request? = lock.locked {
                guard handedOut < calls.count else { return nil }
                defer { handedOut += 1 }
                return calls[handedOut].request
            }
            if let request { return request }
            guard await arrivals.wait(past: seen, timeout: timeout) else {
                throw TimeLimitExceeded(awaited: "a call to \(name)", timeout: timeout)
            }
        }
    }

    /// Completes the oldest waiting call with a response.
    ///
    /// - Parameter response: What the call returns.
    /// - Returns: `false` when no call was waiting.
    @discardableResult
    public func respond(with response: Response) -> Bool {
        answerOldest(with: .success(response), outcome: .responded(response))
    }

    /// Completes the oldest waiting call with a failure.
    ///
    /// - Parameter failure: What the call throws.
    /// - Returns: `false` when no call was waiting.
    @discardableResult
    public func fail(with failure: Failure) -> Bool {
        answerOldest(with: .failure(failure), outcome: .failed(failure))
    }

    /// The calls as failures name them: `PendingCalls "orders service"`, or the type.
    private var name: String {
        label.map { "PendingCalls \"\($0)\"" } ?? "\(Self.self)"
    }

    private func answerOldest(with result: Result<Response, Failure>, outcome: Outcome) -> Bool {
        let oldest = lock.locked { waiting.first?.id }
        guard let oldest else { return false }
        return answer(id: oldest, with: result, outcome: outcome)
    }

    private func answer(id: Int, with result: Result<Response, Failure>, outcome: Outcome) -> Bool {
        let entry: Waiting? = lock.locked {
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
            let entry = waiting.remove(at: index)
            calls[entry.number].outcome = outcome
            WorkRegistry.shared.source(self, number: registration, isWaiting: !waiting.isEmpty)
            return entry
        }
        guard let entry else { return false }
        let answer = WorkWatch.shared.answerGiven(
            "\(name): the call \(ValueDump(entry.request).singleLine) was answered", origin: entry.origin,
            waitedOnTheMainThread: entry.onMainThread)
        entry.continuation.resume(returning: (result, answer))
        return true
    }
}

extension PendingCalls: UnfinishedWorkSource {
    var waitingSends: [ObjectIdentifier] {
        lock.locked { waiting.compactMap { $0.origin?.markerID } }
    }

    func unfinishedWork(startedIn scope: TestScope) -> [UnfinishedWork] {
        lock.locked {
            UnfinishedWork.started(in: scope, among: waiting, kind: .call, origin: { $0.origin }) {
                "\(name): the call \(ValueDump($0.request).singleLine) still waits for an answer"
            }
        }
    }
}

extension PendingCalls.Outcome: Equatable where Response: Equatable, Failure: Equatable {}
extension PendingCalls.Call: Equatable where Request: Equatable, Response: Equatable, Failure: Equatable {}
