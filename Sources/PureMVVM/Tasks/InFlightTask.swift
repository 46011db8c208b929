/// The one task in flight for an action, such as a sign-in, a save or a page load: what a ViewModel otherwise
/// writes by hand for every action (a `Task?` slot, cancelling the previous one, cancelling on release, a typed
/// failure, cancellation that is not a failure).
///
/// ```swift
/// private let signIn = InFlightTask<User, AuthenticationError>()
///
/// func loginButtonDidTap() {
///     signIn.start { [authenticator, name, secret]
///         () async throws(AuthenticationError) -> User in
///         try await authenticator.signIn(username: name, password: secret)
///     } then: { [weak self] result in
///         self?.signInDidFinish(result)
///     }
/// }
/// ```
///
/// Starting it again cancels the task in flight, or, with ``Overlap/refuse``, leaves it running and refuses the new
/// one (a second tap on a button that is already saving), or, with ``Overlap/runAlongside``, runs the new one beside
/// it (each answer matters, as each tap of a "like" button does; a reactive framework's `flatMap`). Freeing it, with
/// its ViewModel, cancels every task in flight. The outcome reaches `then` on the main actor, as a `Result` with the operation's own failure type;
/// a cancelled task never reaches it, whether the operation returned, threw, or noticed the cancellation itself, so
/// a screen that is gone, or an answer that a newer request replaced, changes nothing.
@MainActor
public final class InFlightTask<Success: Sendable, Failure: Error> {
    /// What ``start(_:then:)`` does while a task is in flight.
    public enum Overlap: Sendable {
        /// Cancel the task in flight and start the new one: a refresh overtakes a page still loading.
        case cancelPrevious
        /// Keep the task in flight and refuse the new one: a second tap while saving.
        case refuse
        /// Start the new task beside those in flight: each reaches `then`, in the order they finish, as each tap
        /// of a "like" button sends its own request.
        case runAlongside
    }

    /// What a start does while a task is in flight.
    public let overlap: Overlap
    private var task: Task<Void, Never>?
    /// The number the test support's watcher gave the task (see ``ToolkitTasks``).
    private var taskNumber: Int?
    /// Which start made `task`, so that an earlier task running alongside it clears its own entry when it ends.
    private var taskID = 0
    /// The tasks started before `task` that run alongside it (``Overlap/runAlongside``), by start, with their numbers.
    private var alongside: [Int: (task: Task<Void, Never>, number: Int?)] = [:]

    /// Creates an action with no task in flight.
    ///
    /// - Parameter overlap: What a start does while a task is in flight; ``Overlap/cancelPrevious`` by default.
    public init(overlap: Overlap = .cancelPrevious) {
        self.overlap = overlap
    }

    deinit {
        if let task { ToolkitTasks.cancel(task, number: taskNumber) }
        for (task, number) in alongside.values { ToolkitTasks.cancel(task, number: number) }
    }

    /// Whether a task is in flight: started, not yet finished, cancelled or replaced.
    public var isRunning: Bool { task != nil || !alongside.isEmpty }

    /// Starts the action's task, unless ``overlap`` refuses it.
    ///
    /// - Parameters:
    ///   - operation: The work, off the main actor where it does not need it.
    ///   - then: Called on the main actor with the outcome, unless the task was cancelled first.
    /// - Returns: `false` when a task was in flight and ``overlap`` is ``Overlap/refuse``: nothing started.
    @discardableResult
    public func start(
        _ operation: sending @escaping @Sendable () async throws(Failure) -> Success,
        then: @escaping @MainActor (Result<Success, Failure>) -> Void
    ) -> Bool {
        if let task {
            switch overlap {
            case .cancelPrevious: ToolkitTasks.cancel(task, number: taskNumber)
            case .refuse: return false
            case .runAlongside: alongside[taskID] = (task, taskNumber)
            }
        }
        taskID += 1
        let id = taskID
        // A task that a newer start or cancel() replaced is cancelled: it ends without touching these.
        (task, taskNumber) = ToolkitTasks.start(for: Self.self) { [weak self] in
            let result: Result<Success, Failure>
            do throws(Failure) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self else { return }
            if taskID == id {
                task = nil
                taskNumber = nil
            } else {
                alongside[id] = nil
            }
            then(result)
        }
        return true
    }

    /// Cancels the task in flight, if any (every task, with ``Overlap/runAlongside``); its outcome never reaches
    /// `then`.
    public func cancel() {
        if let task { ToolkitTasks.cancel(task, number: taskNumber) }
        task = nil
        taskNumber = nil
        for (task, number) in alongside.values { ToolkitTasks.cancel(task, number: number) }
        alongside.removeAll()
    }
}
