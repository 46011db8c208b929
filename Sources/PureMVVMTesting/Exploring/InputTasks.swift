/// The tasks a contract explorer's sequence started, followed so that the explorer knows when none of them is left:
/// then an input has done all it will do, and the explorer goes on without settling (and without the turn through
/// the global executor that ends a settle).
///
/// The explorer makes each tester, and sends each input and runs each step of the test's own, inside ``run(_:)``,
/// which binds a new marker to a task-local. Every `Task { }` made while it runs inherits the marker, as do the
/// tasks and child tasks those make, and keeps it until the task ends; the toolkit's `InFlightTask` and
/// `Debouncer` make theirs that way too. A marker that something besides the explorer still holds means that a
/// task it started is still running or waiting.
///
/// What it cannot see: work sent away without such a task, with `Task.detached`, a Dispatch queue or a thread.
/// Such work that calls a ``PendingCalls`` or a ``ManualClock`` is seen there (it runs off the main thread); other
/// such work shows at the next settle: after a step of the test's own, after an input that leaves a task, and at
/// the end of each sequence.
@MainActor
final class InputTasks {
    /// What a task inherits from the code that made it. It holds nothing: only who else holds it counts.
    private final class Marker: Sendable {}

    @TaskLocal private static var current: Marker?

    /// The markers some task may still hold. (A strong reference and a look at whether it is the only one cost less
    /// than a weak reference, which gives the marker a side table.)
    private var markers: [Marker] = []

    /// Runs code whose tasks are followed from now on: an input, a step of the test's own, making a tester.
    ///
    /// - Parameter body: The code.
    /// - Returns: What `body` returns.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(newMarker(), operation: body)
    }

    /// Runs async code whose tasks are followed from now on: a step of the test's own that awaits.
    ///
    /// - Parameter body: The code.
    /// - Returns: What `body` returns.
    func run<Result>(_ body: @MainActor () async -> Result) async -> Result {
        await Self.$current.withValue(newMarker(), operation: body)
    }

    /// A marker for code about to run, kept to be asked about later.
    private func newMarker() -> Marker {
        let marker = Marker()
        markers.append(marker)
        return marker
    }

    /// Whether a task made inside ``run(_:)`` (or made by such a task) has not ended yet.
    ///
    /// Looks from the newest marker back and stops at the first that a task still holds, dropping the ones no task
    /// holds on the way: a task that never ends (a listener of a stream that lives on) costs one look, not one per
    /// marker made after it.
    var anyRunning: Bool {
        while var newest = markers.popLast() {
            if !isKnownUniquelyReferenced(&newest) {
                markers.append(newest)
                return true
            }
        }
        return false
    }
}
