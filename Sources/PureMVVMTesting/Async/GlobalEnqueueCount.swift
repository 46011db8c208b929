internal import Synchronization

/// Counts the jobs enqueued on the global executor, so that ``MainActorTurns`` know whether work left the main
/// actor since the last turn.
///
/// It sets the concurrency runtime's `swift_task_enqueueGlobal_hook` the first time it is asked, and counts before
/// handing each job on (to the hook that was set before, if any). Counting is all it does: every job still goes
/// where it was going.
enum GlobalEnqueueCount {
    private typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Enqueue) -> Void

    /// The jobs enqueued on the global executor since counting began; `nil` where the hook cannot be set, and
    /// then a turn cannot tell.
    static var current: Int? {
        isCounting ? count.load(ordering: .relaxed) : nil
    }

    private static let count = Atomic<Int>(0)
    /// The hook set before this one, called in its place.
    nonisolated(unsafe) private static var previous: Hook?

    private static let isCounting: Bool = {
        guard let address = hookAddress else { return false }
        let hook = address.assumingMemoryBound(to: Hook?.self)
        previous = hook.pointee
        hook.pointee = { job, enqueue in
            GlobalEnqueueCount.count.add(1, ordering: .relaxed)
            if let previous = GlobalEnqueueCount.previous {
                previous(job, enqueue)
            } else {
                enqueue(job)
            }
        }
        return true
    }()
}
