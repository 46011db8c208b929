/// Where the toolkit starts the tasks of its task makers (``Debouncer``, ``InFlightTask``), so that the test
/// support can follow them: nothing in an app, where no watcher is set, beyond reading that none is.
///
/// `PureMVVMTesting` sets a watcher while a test uses its testers, fakes or clocks. It learns when each task
/// starts, is cancelled and ends, so that a test can wait until the ViewModel's work has run as far as it can
/// (`ViewModelTester.settle()`), and it may give each task an executor to prefer for its nonisolated code (the
/// main queue, so that a fake's `async` method runs where the test can let it run, in the same order every time).
package enum ToolkitTasks {
    /// The watcher, when a test has one.
    private static let watcherBox = Locked<(any ToolkitTaskWatcher)?>(nil)

    /// Sets or clears the watcher.
    ///
    /// - Parameter watcher: The test support's watcher, or `nil`.
    package static func setWatcher(_ watcher: (any ToolkitTaskWatcher)?) {
        watcherBox.withLock { $0 = watcher }
    }

    /// The watcher set now.
    package static var watcher: (any ToolkitTaskWatcher)? {
        watcherBox.withLock { $0 }
    }

    /// The number the watcher gave the toolkit task running now, read by the test support's fakes and clocks; `nil`
    /// outside one, or when no watcher is set.
    @TaskLocal package static var currentNumber: Int?

    /// Starts a main-actor task for a task maker, told to the watcher if there is one.
    ///
    /// - Parameters:
    ///   - maker: The task maker's type, such as `InFlightTask<OrderPage, OrderServiceError>`, for the watcher's
    ///     messages.
    ///   - delay: A debouncer's delay, for the watcher's messages.
    ///   - operation: The task's work.
    /// - Returns: The task, and the number the watcher gave it (`nil` without a watcher), for ``cancel(_:number:)``.
    @MainActor
    static func start(
        for maker: Any.Type, delay: Duration? = nil, _ operation: sending @escaping @MainActor () async -> Void
    ) -> (Task<Void, Never>, Int?) {
        guard let watcher else { return (Task(operation: operation), nil) }
        let number = watcher.taskWillStart(maker: maker, delay: delay)
        let body: @MainActor () async -> Void = {
            await ToolkitTasks.$currentNumber.withValue(number) { await operation() }
            watcher.taskDidEnd(number)
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
            let executor = watcher.preferredExecutor as? any TaskExecutor
        {
            return (Task(executorPreference: executor, operation: body), number)
        }
        return (Task(operation: body), number)
    }

    /// Cancels a task a task maker started, and tells the watcher that gave it a number.
    ///
    /// - Parameters:
    ///   - task: The task.
    ///   - number: The number the watcher gave it.
    static func cancel(_ task: Task<Void, Never>, number: Int?) {
        task.cancel()
        if let number { watcher?.taskWasCancelled(number) }
    }
}

/// What the test support learns about the toolkit's tasks: see ``ToolkitTasks``.
package protocol ToolkitTaskWatcher: AnyObject, Sendable {
    /// The `TaskExecutor` a toolkit task prefers for its nonisolated code, or `nil` for none. An `AnyObject`
    /// because task executors need iOS 18 and macOS 15.
    var preferredExecutor: AnyObject? { get }
    /// A task is about to start; returns its number.
    ///
    /// - Parameters:
    ///   - maker: The task maker's type, such as `Debouncer`.
    ///   - delay: A debouncer's delay.
    func taskWillStart(maker: Any.Type, delay: Duration?) -> Int
    /// The task of a number was cancelled: the work it was doing no longer counts as unfinished.
    func taskWasCancelled(_ number: Int)
    /// The task of a number ended.
    func taskDidEnd(_ number: Int)
}
