internal import Foundation
import PureMVVM

/// A `Clock` whose time moves only when the test says so.
///
/// Inject it where the code under test sleeps (a delay between failed logins, a debounce, a timer); the sleeper
/// suspends until the test advances the clock past its deadline. An advance wakes every sleeper due within it in
/// deadline order, each at its deadline, and lets the work it resumes run before the next: a timer that sleeps a
/// second at a time ticks three times in `advance(by: .seconds(3))`. ``nextSleep(timeout:)`` waits until something
/// is asleep, so the test never guesses when to advance.
///
/// ```swift
/// let clock = ManualClock()
/// let viewModel = LoginViewModel(authenticator: fake, clock: clock)
/// // … a failed login starts a delay …
/// try await clock.nextSleep()
/// await clock.advance(by: .seconds(2))
/// ```
///
/// A sleep that started during a ``ViewModelTester``'s test and still waits when the tester ends fails the test,
/// naming its delay and the input that started it (see "Unfinished work" in <doc:TestingAViewModel>).
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point in the manual clock's time: how far it is from the clock's start.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The time since the clock's start.
        public let offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant a duration later.
        ///
        /// - Parameter duration: How far to move.
        /// - Returns: The later (or, for a negative duration, earlier) instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to another.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other.offset - offset`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Orders instants by offset.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: Whether `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Int?, any Error>
        /// The delay it asked for, from the time it started.
        let delay: Duration
        let origin: WorkOrigin?
        /// Whether the sleep started on the main thread, where its task wakes too.
        let onMainThread: Bool
    }

    private let lock = PlatformLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var requested: [Duration] = []
    private var sleepsHandedOut = 0
    private var cancelledEarly: Set<Int> = []
    private let sleeps = EventCount()
    /// Its number with the registry of work.
    private let registration: Int

    /// Creates a clock at offset zero.
    public init() {
        registration = WorkRegistry.shared.register()
    }

    deinit {
        WorkRegistry.shared.unregister(registration)
    }

    /// The clock's current time.
    public var now: Instant { lock.locked { current } }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many sleepers are waiting for the clock to advance.
    public var sleeperCount: Int { lock.locked { sleepers.count } }

    /// Every delay asked for so far, in order: the time from `now` to each sleep's deadline when it started.
    public var requestedDelays: [Duration] { lock.locked { requested } }

    /// Suspends until the clock is advanced to `deadline` or later; returns at once if it already is.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: a manual clock is exact.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.locked {
            nextID += 1
            return nextID
        }
        let origin = WorkOrigin.here
        let onMainThread = Thread.isMainThread
        let wakeUp = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int?, any Error>) in
                let (started, outcome): (Bool, Result<Int?, any Error>?) = lock.locked {
                    // Told under the clock's lock, together with the sleep: before a test's nextSleep() can see it
                    // (it may return at once), and so that a settle never sees the task waiting while its sleep is
                    // not there yet for the next advance to wake. A sleep that ends at once is taken at once, which
                    // tells the watch the task goes on.
                    WorkWatch.shared.workStartsWaiting(on: "a sleep on a ManualClock")
                    if cancelledEarly.remove(id) != nil { return (false, .failure(CancellationError())) }
                    let delay = current.duration(to: deadline)
                    requested.append(delay)
                    if deadline <= current { return (true, .success(nil)) }
                    sleepers.append(
                        Sleeper(
                            id: id, deadline: deadline, continuation: continuation, delay: delay, origin: origin,
                            onMainThread: onMainThread))
                    WorkRegistry.shared.source(self, number: registration, isWaiting: true)
                    return (true, nil)
                }
                if started { sleeps.signal() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.locked {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelledEarly.insert(id)
                    return nil
                }
                let sleeper = sleepers.remove(at: index)
                WorkRegistry.shared.source(self, number: registration, isWaiting: !sleepers.isEmpty)
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        WorkWatch.shared.answerTaken(wakeUp)
    }

    /// Moves time forward by `duration` as a test clock does: first lets the work the test started run as far as it
    /// can, then wakes each sleeper whose deadline falls within the advance, in deadline order, with the clock at
    /// its deadline, and lets the work each wake-up resumes run as far as it can before the next: a sleep that work
    /// starts and that is due within the advance wakes too. A loop that sleeps for a second ticks three times in
    /// `advance(by: .seconds(3))`, reading `now` as 1, 2 and 3 seconds; the clock ends at the advance's end.
    ///
    /// Settling first (as `ViewModelTester.settle()` does) means a sleep that an input is about to start has
    /// started before time moves: after two quick keystrokes, the second keystroke's debounce is the one that
    /// waits. Wait with ``nextSleep(timeout:)`` first only to assert the delay a sleep asked for.
    ///
    /// - Parameters:
    ///   - duration: How far to move; must not be negative.
    ///   - timeout: How long the work may keep running at each step, at most: a bound on a broken test.
    ///   - isolation: Where the caller runs: time moves there, so that a test on the main actor wakes the sleepers
    ///     from the main actor.
    ///   - fileID: The call site, for a failure.
    ///   - filePath: The call site, for a failure.
    ///   - line: The call site, for a failure.
    ///   - column: The call site, for a failure.
    public func advance(
        by duration: Duration,
        timeout: Duration = TimeLimitExceeded.defaultTimeout,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        precondition(duration >= .zero, "ManualClock cannot go back in time (advance(by: \(duration)))")
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await move(to: { $0.advanced(by: duration) }, timeout: timeout, at: location)
    }

    /// Moves time forward to `deadline` as ``advance(by:timeout:isolation:fileID:filePath:line:column:)`` does: each
    /// sleeper due by then wakes in deadline order, the work it resumes runs as far as it can, and sleeps that work
    /// starts and that are due by then wake too.
    ///
    /// - Parameters:
    ///   - deadline: Where to move the clock; must not be before ``now``.
    ///   - timeout: How long the work may keep running at each step, at most: a bound on a broken test.
    ///   - isolation: Where the caller runs: time moves there.
    ///   - fileID: The call site, for a failure.
    ///   - filePath: The call site, for a failure.
    ///   - line: The call site, for a failure.
    ///   - column: The call site, for a failure.
    public func advance(
        to deadline: Instant,
        timeout: Duration = TimeLimitExceeded.defaultTimeout,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        precondition(deadline >= now, "ManualClock cannot go back in time (advance(to: \(deadline.offset)))")
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await move(to: { _ in deadline }, timeout: timeout, at: location)
    }

    /// Moves time forward until no sleeper is left, as ``advance(by:timeout:isolation:fileID:filePath:line:column:)``
    /// does: each sleeper wakes at its deadline, in deadline order, the work it resumes runs as far as it can, and
    /// the sleeps that work starts wake in turn. The clock ends at the last deadline.
    ///
    /// Work that always starts another sleep (a timer that repeats for ever) never lets it end: it fails once
    /// `timeout` has passed in real time, saying so.
    ///
    /// - Parameters:
    ///   - timeout: How long the whole run may take, in real time: a bound on a broken test or a timer without end.
    ///   - isolation: Where the caller runs: time moves there.
    ///   - fileID: The call site, for a failure.
    ///   - filePath: The call site, for a failure.
    ///   - line: The call site, for a failure.
    ///   - column: The call site, for a failure.
    public func run(
        timeout: Duration = TimeLimitExceeded.defaultTimeout,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let end = ContinuousClock.now + timeout
        guard await settleWork(until: end, before: "the ManualClock could advance", at: location) else { return }
        while wakeNext(upTo: nil) {
            guard
                await settleWork(
                    until: ContinuousClock.now + timeout, before: "the ManualClock could go on", at: location)
            else { return }
            guard ContinuousClock.now < end || sleeperCount == 0 else {
                let (count, next, time) = lock.locked { (sleepers.count, sleepers.map(\.deadline).min(), current) }
                FailureReporter.fail(
                    """
                    ManualClock.run() still had \(count) sleeper\(count == 1 ? "" : "s") after \(timeout) (the clock at \
                    \(time.offset), the next sleep due at \(next?.offset ?? time.offset)): work that starts a \
                    new sleep each time it wakes, such as a repeating timer, never lets the clock run out of sleeps.
                    To fix: move such a clock with advance(by:) or advance(to:), as far as the test needs.
                    """,
                    at: location)
                return
            }
        }
    }

    /// Lets the work settle, wakes each sleeper due by the deadline `target` gives (from the time now) in deadline
    /// order, letting the work settle after each wake-up, and ends with the clock at that deadline.
    private func move(
        to target: (Instant) -> Instant, timeout: Duration, at location: FailureLocation
    ) async {
        let stepTimeout = timeout
        guard
            await settleWork(
                until: ContinuousClock.now + stepTimeout, before: "the ManualClock could advance", at: location)
        else { return }
        let deadline = target(now)
        while wakeNext(upTo: deadline) {
            guard
                await settleWork(
                    until: ContinuousClock.now + stepTimeout, before: "the ManualClock could go on", at: location)
            else { return }
        }
    }

    /// Lets the work the test started run as far as it can; fails when it still runs at `end`.
    ///
    /// - Returns: Whether it settled.
    private func settleWork(
        until end: ContinuousClock.Instant, before what: String, at location: FailureLocation
    ) async -> Bool {
        let timeout = ContinuousClock.now.duration(to: end)
        guard await !WorkWatch.shared.settle(throughGlobalExecutor: false, timeout: max(timeout, .zero)) else {
            return true
        }
        FailureReporter.fail(
            """
            Work the test started was still running after \(timeout), before \(what).
            To fix: have it wait only on what the test controls (a PendingCalls, a ManualClock), never on a \
            real clock or a loop that does not end.
            """,
            at: location)
        return false
    }

    /// Moves time to the earliest deadline of the sleepers, when it is at or before `target` (or there is no
    /// target), and wakes the sleepers due then, in the order they started; else moves time to `target`.
    ///
    /// - Parameter target: How far time may move; `nil` for as far as the next deadline.
    /// - Returns: Whether sleepers woke.
    private func wakeNext(upTo target: Instant?) -> Bool {
        let due: [Sleeper] = lock.locked {
            guard let earliest = sleepers.map(\.deadline).min(), target.map({ earliest <= $0 }) ?? true else {
                if let target { current = max(current, target) }
                return []
            }
            current = max(current, earliest)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            WorkRegistry.shared.source(self, number: registration, isWaiting: !sleepers.isEmpty)
            return due
        }
        for sleeper in due {
            let wakeUp = WorkWatch.shared.answerGiven(
                "a sleep of \(sleeper.delay) on a ManualClock was woken", origin: sleeper.origin,
                waitedOnTheMainThread: sleeper.onMainThread)
            sleeper.continuation.resume(returning: wakeUp)
        }
        return !due.isEmpty
    }

    /// Waits until a sleep the test has not seen yet starts, and returns the delay it asked for.
    ///
    /// Each sleep is returned once, in the order they started; one that started earlier returns at once.
    ///
    /// - Parameter timeout: How long to wait at most, in real time: a bound on a broken test, not a delay.
    /// - Returns: The sleep's delay: from `now` when it started to its deadline.
    /// - Throws: ``TimeLimitExceeded`` when no sleep starts in time, so the test fails instead of hanging.
    @discardableResult
    public func nextSleep(timeout: Duration = TimeLimitExceeded.defaultTimeout) async throws(TimeLimitExceeded)
        -> Duration
    {
        while true {
            let seen = sleeps.current
            let delay: Duration? = lock.locked {
                guard sleepsHandedOut < requested.count else { return nil }
                defer { sleepsHandedOut += 1 }
                return requested[sleepsHandedOut]
            }
            if let delay { return delay }
            guard await sleeps.wait(past: seen, timeout: timeout) else {
                throw TimeLimitExceeded(awaited: "a sleep on the ManualClock", timeout: timeout)
            }
        }
    }
}

extension ManualClock: UnfinishedWorkSource {
    var waitingSends: [ObjectIdentifier] {
        lock.locked { sleepers.compactMap { $0.origin?.markerID } }
    }

    func unfinishedWork(startedIn scope: TestScope) -> [UnfinishedWork] {
        lock.locked {
            UnfinishedWork.started(in: scope, among: sleepers, kind: .sleep, origin: { $0.origin }) {
                "ManualClock: a sleep of \($0.delay) still waits (until \($0.deadline.offset); the clock is at "
                    + "\(current.offset))"
            }
        }
    }
}
