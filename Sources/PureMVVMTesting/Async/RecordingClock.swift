internal import Foundation
import PureMVVM

/// A `Clock` whose sleeps return at once, moving its time forward, and which records every delay asked of it.
///
/// Where ``ManualClock`` lets a test hold time still and see what happens before a delay ends, this one lets time
/// pass instantly, so a whole session (a console transcript, a ``ContractExplorer`` sequence with failed
/// sign-ins) runs without waiting, and the delays are still checked:
///
/// ```swift
/// let clock = RecordingClock()
/// let viewModel = LoginViewModel(authenticator: accounts, clock: clock)
/// // … three wrong passwords …
/// XCTAssertEqual(
///     clock.requestedDelays, [.seconds(1), .seconds(2), .seconds(4)])
/// ```
public final class RecordingClock: Clock, @unchecked Sendable {
    /// A point in the clock's time: how far it is from the clock's start.
    public typealias Instant = ManualClock.Instant

    private let lock = PlatformLock()
    private var current = Instant(offset: .zero)
    private var delays: [Duration] = []

    /// Creates a clock at offset zero.
    public init() {}

    /// The clock's current time: the sum of every delay slept so far.
    public var now: Instant { lock.locked { current } }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// Every delay asked for so far, in order: the time from `now` to each sleep's deadline when it started.
    public var requestedDelays: [Duration] { lock.locked { delays } }

    /// Records the delay, moves time to `deadline` (if it is later) and returns without suspending.
    ///
    /// - Parameters:
    ///   - deadline: When the sleep would end.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        lock.locked {
            delays.append(current.duration(to: deadline))
            current = max(current, deadline)
        }
    }
}
