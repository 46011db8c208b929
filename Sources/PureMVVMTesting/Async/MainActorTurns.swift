internal import Dispatch
internal import Synchronization

/// Turns of the main actor that wake no other thread unless work left the main actor: a contract explorer takes
/// one after every input, with turns of its own.
///
/// Run the code that takes turns inside ``withCheapTurns(_:)``, and take each with ``take()`` on the same turns. A turn lets every job
/// waiting on the main queue run before the caller goes on (jobs those enqueue wait for the next turn). When work
/// was enqueued on the global executor since the last turn (a nonisolated async call, a detached task, a
/// continuation resumed by a fake), the turn also sends the caller through the global executor, behind that work,
/// as `Task.yield()` would.
///
/// `await Task.yield()` on the main actor costs about seven times a turn without global work, in a debug build: it
/// enqueues the caller on the global executor, so a worker thread wakes only to send it back to the main queue,
/// and the main queue takes it in a second pass of the run loop. Awaiting a continuation resumed from a main-queue
/// block is no cheaper: a continuation resumes on the global executor too. Here the caller's task prefers an
/// executor that runs its jobs on the main queue, and the turn is a call to a nonisolated function: it puts the
/// caller at the tail of the main queue, and the caller comes back to the main actor in that same job.
@MainActor
final class MainActorTurns {
    /// How many turns went through the global executor too.
    private(set) var globalTurns = 0
    /// The global executor's count of enqueued jobs after the last turn.
    private var seenGlobalEnqueues: Int?

    /// Runs `body` with the current task preferring the main queue for nonisolated code, so that ``take()`` is
    /// cheap. Tasks that `body` starts with `Task { }` do not inherit the preference: the code under test runs as it
    /// would without it.
    ///
    /// - Parameter body: The code that takes turns.
    /// - Returns: What `body` returns.
    func withCheapTurns<Result>(_ body: @MainActor () async -> Result) async -> Result {
        seenGlobalEnqueues = GlobalEnqueueCount.current
        return await withTaskExecutorPreference(MainQueueTaskExecutor.shared, operation: body)
    }

    /// Takes one turn of the main actor, and one of the global executor when work was enqueued there since the
    /// last turn (or when that cannot be told). Outside ``withCheapTurns(_:)`` both are hops to the global executor
    /// and back.
    func take() async {
        await Self.passPreferredExecutor()
        if Self.needsGlobalTurn(seen: seenGlobalEnqueues, now: GlobalEnqueueCount.current) {
            await withTaskExecutorPreference(globalConcurrentExecutor) { await Self.passPreferredExecutor() }
            globalTurns += 1
        }
        // Counted after the global turn, which enqueues nothing through the hook: work that turn let run and that
        // enqueued more is seen at the next.
        seenGlobalEnqueues = GlobalEnqueueCount.current
    }

    /// Whether a turn must also go through the global executor: when jobs were enqueued there since the last turn,
    /// or when that cannot be told.
    ///
    /// - Parameters:
    ///   - seen: The global executor's count of enqueued jobs after the last turn.
    ///   - now: The count now.
    /// - Returns: `false` only when both counts are known and equal.
    nonisolated static func needsGlobalTurn(seen: Int?, now: Int?) -> Bool {
        guard let seen, let now else { return true }
        return now != seen
    }

    /// Runs on the executor the task prefers, then comes back.
    @concurrent
    private static func passPreferredExecutor() async {
        // Memory the optimiser cannot leave untouched: a nonisolated function that touches none has its hop to the
        // executor removed in a release build, and then no turn is taken at all.
        passes.add(1, ordering: .relaxed)
    }

    /// How many times a turn ran on the executor the task prefers.
    nonisolated static let passes = Atomic<Int>(0)
}

/// Runs the jobs of the tasks that prefer it on the main queue, in the order they come.
///
/// A job runs as the main actor: the main queue is the main actor's executor wherever Dispatch provides it, and no
/// other main-actor job runs while a block of the main queue does. Code that comes back to the main actor then goes
/// on in the same job, instead of waiting for another pass of the main queue.
private final class MainQueueTaskExecutor: TaskExecutor {
    static let shared = MainQueueTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async {
            job.runSynchronously(
                isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: self.asUnownedTaskExecutor())
        }
    }
}
