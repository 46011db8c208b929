import Foundation

/// A clock that moves only when the test says so: a sleeper waits until `advance(by:)` passes its deadline, and
/// the test can wait for the next sleeper to know what delay was asked for. A cancelled sleeper throws
/// `CancellationError`, as `ContinuousClock` does.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var cancelledBeforeWaiting: Set<Int> = []
    private var requested: [Duration] = []
    private var requestWaiters: [(count: Int, continuation: CheckedContinuation<Duration, Never>)] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Every delay asked for so far, in order.
    var requestedDelays: [Duration] { lock.withLock { requested } }

    /// How many sleepers are waiting.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: Int = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, ready): (Result<Void, any Error>?, [(CheckedContinuation<Duration, Never>, Duration)]) =
                    lock.withLock {
                        if cancelledBeforeWaiting.remove(id) != nil { return (.failure(CancellationError()), []) }
                        requested.append(current.duration(to: deadline))
                        let ready = takeReadyRequestWaiters()
                        if deadline <= current { return (.success(()), ready) }
                        sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        return (nil, ready)
                    }
                for (waiter, delay) in ready { waiter.resume(returning: delay) }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelledBeforeWaiting.insert(id)
                    return nil
                }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let woken: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let woken = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return woken
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Suspends until the `count`-th sleep has been asked for (1 for the first), then returns its delay.
    func delay(number count: Int) async -> Duration {
        await withCheckedContinuation { continuation in
            let delay: Duration? = lock.withLock {
                if requested.count >= count { return requested[count - 1] }
                requestWaiters.append((count, continuation))
                return nil
            }
            if let delay { continuation.resume(returning: delay) }
        }
    }

    /// Call with the lock held.
    private func takeReadyRequestWaiters() -> [(CheckedContinuation<Duration, Never>, Duration)] {
        let ready = requestWaiters.filter { $0.count <= requested.count }
        requestWaiters.removeAll { $0.count <= requested.count }
        return ready.map { ($0.continuation, requested[$0.count - 1]) }
    }
}
