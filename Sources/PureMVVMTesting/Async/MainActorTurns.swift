import PureMVVM
internal import Dispatch

/// Turns of the main actor that let the work an input started run before the explorer looks: a contract explorer
/// takes one after every input, with turns of its own.
///
/// Run the code that takes turns inside ``withCheapTurns(_:)``, and take each with ``take(throughGlobalExecutor:)``
/// on the same turns. A turn lets every job waiting on the main queue run before the caller goes on (jobs those
/// enqueue wait for the next turn). A turn through the global executor also lets the jobs waiting there run (work
/// that left the main actor: a nonisolated `async` call such as a fake's, a detached task, a continuation a fake
/// resumed) and comes back to the main actor behind the jobs they sent there, as `Task.yield()` would.
///
/// Where the platform has task executors (Linux; iOS 18, macOS 15 and later), the explorer's task prefers an
/// executor that runs its jobs on the main queue, as the main actor: a turn is a call to a nonisolated function,
/// which puts the explorer at the tail of the main queue and brings it back to the main actor in that same job,
/// without waking a thread. A turn through the global executor wakes a worker thread and then the main thread, and
/// costs much more, above all on a loaded machine, so a settle takes it last, once the main actor's turns
/// change nothing, and the contract explorer takes it only while a task its sequence started is left
/// (`InputTasks`). Without task executors every turn is a `Task.yield()`. Only public API: nothing tells the
/// explorer what was enqueued where.
@MainActor
final class MainActorTurns {
    /// How many turns were taken.
    private(set) var count = 0
    /// How many of them went through the global executor.
    private(set) var globalCount = 0

    /// Runs `body` with the current task preferring the main queue for nonisolated code, so that
    /// ``take(throughGlobalExecutor:)`` is cheap. Tasks that `body` starts with `Task { }` do not inherit the
    /// preference: the code under test runs as it would without it.
    ///
    /// - Parameter body: The code that takes turns.
    /// - Returns: What `body` returns.
    func withCheapTurns<Result>(_ body: @MainActor () async -> Result) async -> Result {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return await withTaskExecutorPreference(MainQueueTaskExecutor.shared, operation: body)
        }
        return await body()
    }

    /// Takes one turn of the main actor.
    ///
    /// - Parameter throughGlobalExecutor: Whether to let the jobs waiting on the global executor run too.
    func take(throughGlobalExecutor: Bool = false) async {
        count += 1
        if throughGlobalExecutor { globalCount += 1 }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if throughGlobalExecutor {
                await withTaskExecutorPreference(globalConcurrentExecutor) { await Self.passPreferredExecutor() }
            }
            await Self.passPreferredExecutor()
        } else {
            await Task.yield()
        }
    }

    /// Runs on the executor the task prefers (the global executor when it prefers none), then comes back.
    private nonisolated static func passPreferredExecutor() async {
        // Memory the optimiser cannot leave untouched: a nonisolated function that touches none has its hop to the
        // executor removed in a release build, and then no turn is taken at all.
        passes.withLock { $0 += 1 }
    }

    /// How many times a turn ran on the executor the task prefers.
    nonisolated static let passes = Locked(0)
}

/// Runs the jobs of the tasks that prefer it on the main queue, in the order they come.
///
/// A job runs as the main actor: the main queue is the main actor's executor wherever Dispatch provides it, and no
/// other main-actor job runs while a block of the main queue does. Code that comes back to the main actor then goes
/// on in the same job, instead of waiting for another pass of the main queue.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class MainQueueTaskExecutor: TaskExecutor {
    static let shared = MainQueueTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async {
            job.runSynchronously(
                isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: self.asUnownedTaskExecutor())
        }
    }
}
