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
        /// What it waits on now (a fake's call, a sleep), or `nil` while it can run.
        var waitingOn: String?
        var isCancelled = false
    }

    /// An answer or a wake-up given on the main thread whose caller has not taken it yet.
    private struct Untaken {
        let number: Int
        let what: String
        let origin: WorkOrigin?
    }

    private let lock = PlatformLock()
    private var tracked: [Int: Tracked] = [:]
    private var nextNumber = 0
    private var untaken: [Untaken] = []
    private var nextUntaken = 0
    private var counter = 0
    private var sawWorkOffTheMainThread = false
    private var globalTurnCount = 0

    /// Sets the watch as the toolkit's task watcher: from then on the toolkit's tasks tell it what they do. The
    /// first time, also has the toolkit record the `ChildViewModels` it makes, for the leak tracker (`LiveKeepers`).
    func watchToolkitTasks() {
        guard ToolkitTasks.watcher !== self else { return }
        ToolkitTasks.setWatcher(self)
        LiveKeepers.startRecording()
    }

    /// How many things happened so far: tasks started and ended, calls and sleeps started and answered, delegate
    /// calls recorded.
    var activity: Int { lock.locked { counter } }

    // MARK: ToolkitTaskWatcher

    var preferredExecutor: AnyObject? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return MainQueueTaskExecutor.shared }
        return nil
    }

    func taskWillStart() -> Int {
        let origin = WorkOrigin.here
        return lock.locked {
            nextNumber += 1
            counter += 1
            tracked[nextNumber] = Tracked(origin: origin)
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
        lock.locked {
            counter += 1
            if offMain { sawWorkOffTheMainThread = true }
            if let number, let described { tracked[number]?.waitingOn = described }
        }
    }

    /// A call or sleep was answered or woken. When that happens on the main thread to work that waited on it, the
    /// caller cannot take the answer until the main actor is free: it is recorded until ``answerTaken(_:)``.
    ///
    /// - Parameters:
    ///   - what: What was answered, for messages.
    ///   - origin: Where the work started.
    ///   - waitedOnTheMainThread: Whether the call or sleep started waiting on the main thread.
    /// - Returns: The answer's number, for ``answerTaken(_:)``; `nil` when it is not recorded.
    func answerGiven(_ what: @autoclosure () -> String, origin: WorkOrigin?, waitedOnTheMainThread: Bool) -> Int? {
        let record = waitedOnTheMainThread && Thread.isMainThread
        let described = record ? what() : ""
        return lock.locked {
            counter += 1
            guard record else { return nil }
            nextUntaken += 1
            untaken.append(Untaken(number: nextUntaken, what: described, origin: origin))
            return nextUntaken
        }
    }

    /// The caller of a call or sleep took its answer, in the task running now.
    ///
    /// - Parameter number: The number ``answerGiven(_:origin:waitedOnTheMainThread:)`` returned, if any.
    func answerTaken(_ number: Int?) {
        let task = ToolkitTasks.currentNumber
        lock.locked {
            counter += 1
            if let number { untaken.removeAll { $0.number == number } }
            if let task { tracked[task]?.waitingOn = nil }
        }
    }

    /// How many turns through the global executor settling took so far: what the contract explorer's tests count.
    var globalTurns: Int { lock.locked { globalTurnCount } }

    /// A spy recorded a delegate call.
    func delegateCalled() {
        lock.locked { counter += 1 }
    }

    // MARK: Settling

    /// Whether some work can run: a toolkit task started, not waiting on a fake or a clock, and not yet ended, or
    /// an answer given on the main thread that its caller has not taken yet (its resumption may reach the main queue
    /// through the global executor, after a turn that was asked for later).
    private var hasRunnableWork: Bool {
        lock.locked { !untaken.isEmpty || tracked.values.contains { $0.waitingOn == nil } }
    }

    /// The work that started in a scope and is still running, not waiting on something the test controls: toolkit
    /// tasks that can run and are not cancelled, and answers given on the main thread that their caller has not
    /// taken. Each as a line of a failure.
    func runningWork(startedIn scope: TestScope) -> [UnfinishedWork] {
        lock.locked {
            let tasks = tracked.values.compactMap { task -> UnfinishedWork? in
                guard task.waitingOn == nil, !task.isCancelled, let origin = task.origin, origin.scope === scope
                else { return nil }
                return UnfinishedWork(what: "a task of an InFlightTask or a Debouncer is still running", origin: origin)
            }
            let answers = untaken.compactMap { answer -> UnfinishedWork? in
                guard let origin = answer.origin, origin.scope === scope else { return nil }
                return UnfinishedWork(
                    what: "\(answer.what), but its caller has not taken the answer yet", origin: origin)
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
    /// - Returns: `true` when the work settled, `false` when it still ran at the timeout.
    @MainActor
    func settle(throughGlobalExecutor: @autoclosure () -> Bool, timeout: Duration) async -> Bool {
        let turns = MainActorTurns()
        let deadline = ContinuousClock.now + timeout
        return await turns.withCheapTurns {
            var globalTurnAsked = false
            while ContinuousClock.now < deadline {
                let before = activity
                await turns.take()
                if hasRunnableWork || activity != before { continue }
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
