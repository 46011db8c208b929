import Foundation

/// A clock whose sleeps return at once, moving its time forward; it records every delay asked for, so a
/// transcript can state the delays without a test waiting for them.
final class ImmediateClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var delays: [Duration] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Every delay asked for, in order.
    var requestedDelays: [Duration] { lock.withLock { delays } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        lock.withLock {
            delays.append(current.duration(to: deadline))
            current = max(current, deadline)
        }
    }
}
