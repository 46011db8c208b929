/// Runs an action once input has paused for a delay, on an injected clock: a search field that asks the server
/// only when the user stops typing.
///
/// Each ``schedule(_:)`` cancels the action still waiting and starts the delay again, so only the last of a burst
/// runs. Time comes from the clock given, so a test passes a manual clock and moves it, with no real waiting:
///
/// ```swift
/// private let searchDebounce: Debouncer
///
/// init(service: any OrderService, clock: any Clock<Duration>) {
///     self.service = service
///     searchDebounce = Debouncer(delay: .milliseconds(300), clock: clock)
/// }
///
/// func searchTextDidChange(_ text: String) {
///     searchDebounce.schedule { [weak self] in self?.search(for: text) }
/// }
/// ```
///
/// The waiting action runs on the main actor. Freeing the debouncer (with its ViewModel) cancels it.
@MainActor
public final class Debouncer {
    /// How long input must pause before the action runs.
    public let delay: Duration
    private let clock: any Clock<Duration>
    private var pending: Task<Void, Never>?
    /// The number the test support's watcher gave the pending task (see ``ToolkitTasks``).
    private var pendingNumber: Int?
    private var scheduled = 0

    /// Creates a debouncer with nothing waiting.
    ///
    /// - Parameters:
    ///   - delay: How long input must pause before the action runs, such as `.milliseconds(300)`.
    ///   - clock: The clock the delay is measured on; tests pass a manual clock.
    public init(delay: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.delay = delay
        self.clock = clock
    }

    deinit {
        if let pending { ToolkitTasks.cancel(pending, number: pendingNumber) }
    }

    /// Whether an action is waiting for its delay to pass.
    public var isPending: Bool { pending != nil }

    /// Runs `action` after the delay, unless another ``schedule(_:)`` or ``cancel()`` comes first; cancels the
    /// action waiting now, if any.
    ///
    /// - Parameter action: What to do once input has paused; it runs on the main actor.
    public func schedule(_ action: @escaping @MainActor () -> Void) {
        if let pending { ToolkitTasks.cancel(pending, number: pendingNumber) }
        scheduled += 1
        let number = scheduled
        (pending, pendingNumber) = ToolkitTasks.start(for: Debouncer.self, delay: delay) { [weak self, clock, delay] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return  // cancelled: a later input or cancel() took its place
            }
            guard let self, !Task.isCancelled, scheduled == number else { return }
            pending = nil
            action()
        }
    }

    /// Cancels the action waiting, if any: when the input it answers no longer matters (a cleared field, a
    /// screen going away).
    public func cancel() {
        if let pending { ToolkitTasks.cancel(pending, number: pendingNumber) }
        pending = nil
    }
}
