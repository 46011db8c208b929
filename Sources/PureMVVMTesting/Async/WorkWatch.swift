internal import Foundation
import PureMVVM

/// The async work of a test as the test support can see it, and how a test waits until that work has run as far
/// as it can (``settle(throughGlobalExecutor:timeout:)``).
///
/// What it sees:
/// - the tasks the toolkit's task makers start (`InFlightTask`, `Debouncer`): when each starts, waits on a fake or
///   a clock, is taken up again, is cancelled and ends. It is their watcher (`ToolkitTasks`), set once a test makes
///   a tester, a fake or a clock, and it has them prefer the main queue for their nonisolated code (where the
///   platform has task executors), so a fake's `async` method runs where a turn of the main actor lets it run, in
///   the same order every time;
/// - every call to a ``PendingCalls`` and sleep on a ``ManualClock``: when it starts waiting, is answered or woken,
///   and when its caller takes the answer;
/// - every delegate call a spy records.
///
/// Each of these moves ``activity``. Work the ViewModel starts with a plain `Task { }` is seen only through what it
/// does to a fake, a clock or the delegate.
final class WorkWatch: ToolkitTaskWatcher, @unchecked Sendable {  // Every stored property is behind the lock.
    static let shared = WorkWatch()

    /// A toolkit task the watch follows.
    private struct Tracked {
        /// Where it started: the input and test line, for messages.
        let origin: WorkOrigin?
        /// The task maker's type, such as `InFlightTask<OrderPage, OrderServiceError>`.
        let maker: Any.Type
        /// A debouncer's delay.
        let delay: Duration?
        /// What it waits on now (a fake's call, a sleep), or `nil` while it can run.
        var waitingOn: String?
        var isCancelled = false
    }

    /// An answer or a wake-up given whose caller has not taken it yet.
    private struct Untaken {
        let number: Int
        let what: String
        let origin: WorkOrigin?
        /// Whether it was given on the main thread to work that waited there: its caller cannot take it until the
        /// main actor is free, so one still untaken when a test ends is work the test did not let run. One given to
        /// work that waited off the main thread is taken on another thread, soon: a settle waits for it, the end
        /// of a test does not report it.
        let waitsForTheMainActor: Bool
    }

    /// A task that took an answer given to work that waited off the main thread: it runs on another thread (the
    /// code of a nonisolated `async` function, such as `Clock.sleep`, a fake's method) and then, usually, hops back
    /// to the main actor and goes on. A settle cannot see such a task run; it treats it as running until it starts
    /// waiting again on a fake or a clock (a timer's next sleep), until the tasks of the send that started it have
    /// all ended (no task holds its ``InputMarker`` any more), or for ``resumedRounds`` turns of the main actor and
    /// the global executor, whichever comes first.
    private struct Resumed {
        /// The task, as `UnsafeCurrentTask` hashes it.
        let task: Int
        /// The marker of the send that started the task, if any.
        weak var marker: InputMarker?
        let hasMarker: Bool
        var roundsLeft: Int
    }

    /// How many rounds of turns a settle gives a task that resumed off the main thread before it counts as done.
    private static let resumedRounds = 40

    private let lock = PlatformLock()
    private var tracked: [Int: Tracked] = [:]
    private var resumed: [Resumed] = []
    private var nextNumber = 0
    private var untaken: [Untaken] = []
    private var nextUntaken = 0
    private var counter = 0
    private var sawWorkOffTheMainThread = false
    private var globalTurnCount = 0
    private var resumedRoundCount = 0

    /// Sets the watch as the toolkit's task watcher: from then on the toolkit's tasks tell it what they do. The
    /// first time, also has the toolkit record the `ChildViewModels` it makes, for the leak tracker (`LiveKeepers`).
    func watchToolkitTasks() {
        guard ToolkitTasks.watcher !== self else { return }
        ToolkitTasks.setWatcher(self)
        LiveKeepers.startRecording()
        SharedStateWatch.setWatcher(SharedChanges.shared)
    }

    /// How many things happened so far: tasks started and ended, calls and sleeps started and answered, delegate
    /// calls recorded.
    var activity: Int { lock.locked { counter } }

    // MARK: ToolkitTaskWatcher

    var preferredExecutor: AnyObject? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return MainQueueTaskExecutor.shared }
        return nil
    }

    func taskWillStart(maker: Any.Type, delay: Duration?) -> Int {
        let origin = WorkOrigin.here
        return lock.locked {
            nextNumber += 1
            counter += 1
            tracked[nextNumber] = Tracked(origin: origin, maker: maker, delay: delay)
            return nextNumber
        }
    }

    func taskWasCancelled(_ number: Int) {
        lock.locked {
            tracked[number]?.isCancelled = true
            counter += 1
        }
    }

    func taskDidEnd(_ number: Int) {
        lock.locked {
            tracked[number] = nil
            counter += 1
        }
    }

    // MARK: Fakes and clocks

    /// A call or sleep starts waiting, in the task running now.
    ///
    /// - Parameter what: What it waits on, for messages.
    func workStartsWaiting(on what: @autoclosure () -> String) {
        let number = ToolkitTasks.currentNumber
        let offMain = !Thread.isMainThread
        let described = number == nil ? nil : what()
        let task = Self.currentTask
        lock.locked {
            counter += 1
            if offMain { sawWorkOffTheMainThread = true }
            if let number, let described { tracked[number]?.waitingOn = described }
            if let task, !resumed.isEmpty { resumed.removeAll { $0.task == task } }
        }
    }

    /// The task running now, as `UnsafeCurrentTask` hashes it; `nil` outside a task.
    private static var currentTask: Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }

    /// A call or sleep was answered or woken: it is recorded until its caller takes it (``answerTaken(_:)``), so
    /// that a settle waits until the work it resumes has run. When that happens on the main thread to work that
    /// waited there, the caller cannot take the answer until the main actor is free.
    ///
    /// - Parameters:
    ///   - what: What was answered, for messages.
    ///   - origin: Where the work started.
    ///   - waitedOnTheMainThread: Whether the call or sleep started waiting on the main thread.
    /// - Returns: The answer's number, for ``answerTaken(_:)``.
    func answerGiven(_ what: @autoclosure () -> String, origin: WorkOrigin?, waitedOnTheMainThread: Bool) -> Int? {
        let waitsForTheMainActor = waitedOnTheMainThread && Thread.isMainThread
        let described = waitsForTheMainActor ? what() : ""
        return lock.locked {
            counter += 1
            nextUntaken += 1
            untaken.append(
                Untaken(
                    number: nextUntaken, what: described, origin: origin, waitsForTheMainActor: waitsForTheMainActor))
            return nextUntaken
        }
    }

    /// The caller of a call or sleep took its answer, in the task running now.
    ///
    /// - Parameter number: The number ``answerGiven(_:origin:waitedOnTheMainThread:)`` returned, if any.
    func answerTaken(_ number: Int?) {
        let task = ToolkitTasks.currentNumber
        let current = Self.currentTask
        let marker = WorkOrigin.current?.marker
        lock.locked {
            counter += 1
            if let number, let index = untaken.firstIndex(where: { $0.number == number }) {
                let answer = untaken.remove(at: index)
                if !answer.waitsForTheMainActor, let current {
                    resumed.append(
                        Resumed(
                            task: current, marker: marker, hasMarker: marker != nil, roundsLeft: Self.resumedRounds))
                }
            }
            if let task { tracked[task]?.waitingOn = nil }
        }
    }

    /// How many turns through the global executor settling took so far at its end (not those it took for a task that
    /// resumed off the main thread): what the contract explorer's tests count.
    var globalTurns: Int { lock.locked { globalTurnCount } }

    /// How many rounds of turns settling gave tasks that resumed off the main thread so far: what the tests of when
    /// such a task counts as done count.
    var resumedWorkRounds: Int { lock.locked { resumedRoundCount } }

    /// A spy recorded a delegate call.
    func delegateCalled() {
        lock.locked { counter += 1 }
    }

    // MARK: Settling

    /// Whether some work can run: a toolkit task started, not waiting on a fake or a clock, and not yet ended, or
    /// an answer given that its caller has not taken yet (its resumption may reach the main queue through the global
    /// executor, after a turn that was asked for later, or run on another thread meanwhile).
    private var hasRunnableWork: Bool {
        lock.locked {
            resumed.removeAll { $0.roundsLeft <= 0 || ($0.hasMarker && $0.marker == nil) }
            return !untaken.isEmpty || !resumed.isEmpty || tracked.values.contains { $0.waitingOn == nil }
        }
    }

    /// Whether a task that resumed off the main thread may still be running; one round of its turns is used up.
    private func useUpARoundOfResumedWork() -> Bool {
        lock.locked {
            guard !resumed.isEmpty else { return false }
            resumedRoundCount += 1
            for index in resumed.indices { resumed[index].roundsLeft -= 1 }
            return true
        }
    }

    /// The work that started in a scope (or a scope linked below it) and is still running, not waiting on something
    /// the test controls: toolkit tasks that can run and are not cancelled, and answers given on the main thread that
    /// their caller has not taken. Each as a line of a failure, naming the task maker or the answer.
    func runningWork(startedIn scope: TestScope) -> [UnfinishedWork] {
        lock.locked {
            let tasks = tracked.keys.sorted().compactMap { number -> UnfinishedWork? in
                guard let task = tracked[number], task.waitingOn == nil, !task.isCancelled, let origin = task.origin,
                    scope.contains(origin.scope)
                else { return nil }
                let what =
                    task.delay.map { "a task of a Debouncer (delay \($0)) is still running, before its delay" }
                    ?? "a task of an \(task.maker) is still running: its operation has not returned, and it waits on "
                    + "no PendingCalls or ManualClock"
                return UnfinishedWork(what: what, origin: origin, kind: task.delay == nil ? .task : .debouncedTask)
            }
            let answers = untaken.compactMap { answer -> UnfinishedWork? in
                guard answer.waitsForTheMainActor, let origin = answer.origin, scope.contains(origin.scope) else {
                    return nil
                }
                return UnfinishedWork(
                    what: "\(answer.what), but its caller has not taken the answer yet", origin: origin, kind: .answer)
            }
            return tasks + answers
        }
    }

    /// Waits until the work the test can see has run as far as it can: no toolkit task can run (each has ended or
    /// waits on a fake or a clock), and a turn of the main actor changes nothing. Then, when asked or when some
    /// work was seen off the main thread, one turn through the global executor, and again from the start if that
    /// changed anything.
    ///
    /// - Parameters:
    ///   - throughGlobalExecutor: Whether to end with a turn through the global executor even when no work was seen
    ///     off the main thread; asked once, when the turns of the main actor first change nothing.
    ///   - timeout: How long to keep taking turns at most.
    ///   - done: Asked after each turn: `true` ends the wait early, as settled (a receive's call has come).
    /// - Returns: `true` when the work settled (or `done` said so), `false` when it still ran at the timeout.
    @MainActor
    func settle(
        throughGlobalExecutor: @autoclosure () -> Bool, timeout: Duration, until done: () -> Bool = { false }
    ) async -> Bool {
        let turns = MainActorTurns()
        let deadline = ContinuousClock.now + timeout
        return await turns.withCheapTurns {
            var globalTurnAsked = false
            var unseenRounds = 0
            while ContinuousClock.now < deadline {
                let before = activity
                await turns.take()
                if done() { return true }
                // A task that resumed off the main thread runs there: a turn through the global executor lets it.
                if useUpARoundOfResumedWork() {
                    await turns.take(throughGlobalExecutor: true)
                    // The testers keep their sends' markers too: only once they drop the ones no task holds does a
                    // resumed task's weak reference show that its send's tasks have all ended.
                    WorkRegistry.shared.dropMarkersNoTaskHolds()
                }
                if hasRunnableWork || activity != before {
                    unseenRounds = 0
                    continue
                }
                // A task a send started, alive with nothing waiting on a fake or a clock, may be running off the
                // main thread (on its way to its first sleep, say): a few more rounds through the global executor.
                if unseenRounds < Self.resumedRounds, WorkRegistry.shared.hasUnseenSendWork {
                    unseenRounds += 1
                    await turns.take(throughGlobalExecutor: true)
                    continue
                }
                let offMain = lock.locked {
                    defer { sawWorkOffTheMainThread = false }
                    return sawWorkOffTheMainThread
                }
                let globalTurnDue = !globalTurnAsked && throughGlobalExecutor()
                globalTurnAsked = true
                guard globalTurnDue || offMain else { return true }
                lock.locked { globalTurnCount += 1 }
                await turns.take(throughGlobalExecutor: true)
                if !hasRunnableWork, activity == before { return true }
            }
            return false
        }
    }
}
