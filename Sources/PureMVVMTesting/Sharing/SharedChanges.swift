import PureMVVM

/// Every change of a `SharedState` made while a test uses a tester, kept until a tester asserts it (see
/// ``ViewModelTester/receiveChange(of:timeout:fileID:filePath:line:column:_:)``) or reports it at its end.
///
/// A change is tied to a tester as a fake's call is: by the `send` it was made in (the task-local ``WorkOrigin``,
/// or, for a change made in the input itself while no fake is alive, the send that was running), else by the one
/// tester alive; a change made when none can be blamed (no tester alive, or testers of several tests) is left out. Used on the main actor only, where shared states change.
final class SharedChanges: SharedStateWatcher, @unchecked Sendable {
    static let shared = SharedChanges()

    /// One change.
    struct Change {
        /// The state, for a receive that looks for its changes.
        let state: ObjectIdentifier
        /// The state itself, held weakly: the changes of a state that is gone are dropped, so that a state made
        /// later at the same address is not taken for it.
        weak var object: AnyObject?
        /// What messages call the state.
        let label: String
        let old: any Sendable
        let new: any Sendable
        /// Where it was made; `nil` until a send it was made in claims it.
        var origin: WorkOrigin?
        var isAsserted = false
        /// Whether a failure named it: it is not reported again.
        var isNamed = false
    }

    private(set) var changes: [Change] = []
    /// Whether a change has no origin yet: read by every `send`, which claims such changes for its input.
    nonisolated(unsafe) static var hasUnclaimedChange = false
    /// Whether a tester is sending an input now (set by every `send`, around the input): a change made then with no
    /// task-local origin is that input's.
    nonisolated(unsafe) static var isSending = false
    /// Signalled on every change, for a receive to wait on.
    let arrivals = EventCount()
    /// How the testers that show a state show it, by state.
    private var shows: [ObjectIdentifier: [SharedShow]] = [:]

    @MainActor
    func sharedState(_ state: AnyObject, label: String, changedFrom old: any Sendable, to new: any Sendable) {
        // The send's task-local; else, in an input, the send's (claimed once the input returns); else the one tester
        // alive's; else nobody's: a change no tester can be blamed for is left out.
        let origin = Self.isSending ? WorkOrigin.current.flatMap { _ in WorkOrigin.here } : WorkOrigin.here
        guard origin != nil || Self.isSending else { return }
        changes.removeAll { $0.object == nil }
        changes.append(
            Change(state: ObjectIdentifier(state), object: state, label: label, old: old, new: new, origin: origin))
        if origin == nil { Self.hasUnclaimedChange = true }
        WorkWatch.shared.delegateCalled()
        arrivals.signal()
    }

    /// Gives the changes no send has claimed to a tester's input: they were made while it ran.
    @MainActor
    func claim(for scope: TestScope, input: InputLabel, location: FailureLocation) {
        Self.hasUnclaimedChange = false
        for index in changes.indices where changes[index].origin == nil {
            changes[index].origin = WorkOrigin(scope: scope, input: input, location: location)
        }
    }

    /// The positions of the changes of a state that a tester of `scope`'s group may assert, oldest first.
    @MainActor
    func unasserted(of state: ObjectIdentifier, in scope: TestScope) -> [Int] {
        return changes.indices.filter { index in
            let change = changes[index]
            return change.state == state && !change.isAsserted
                && (change.origin.map { scope.contains($0.scope) } ?? true)
        }
    }

    @MainActor
    func assert(_ indices: [Int]) {
        for index in indices { changes[index].isAsserted = true }
    }

    /// The changes made in a scope (or below it) that nobody asserted and no failure named; they count as named
    /// from now on.
    @MainActor
    func takeUnreported(startedIn scope: TestScope) -> [Change] {
        var found: [Change] = []
        for index in changes.indices {
            let change = changes[index]
            guard !change.isAsserted, !change.isNamed, let origin = change.origin, scope.contains(origin.scope)
            else { continue }
            changes[index].isNamed = true
            found.append(change)
        }
        // Asserted and reported changes are done with: the list holds only what a test may still assert.
        changes.removeAll { $0.isAsserted || $0.isNamed }
        return found
    }

    /// A tester shows a state: after each assertion of its changes, the tester expects its outputs to show them.
    @MainActor
    func add(_ show: SharedShow, for state: ObjectIdentifier) {
        shows[state, default: []].removeAll { $0.tester == nil }
        shows[state, default: []].append(show)
    }

    /// Tells each tester that shows a state its new value.
    @MainActor
    func showAsserted(_ value: any Sendable, of state: ObjectIdentifier, at location: FailureLocation) {
        for show in shows[state] ?? [] where show.tester != nil { show.apply(value, location) }
    }
}

/// How one tester shows a shared state in its outputs.
@MainActor
struct SharedShow {
    /// The tester, held weakly.
    weak var tester: AnyObject?
    /// Sets the tester's expected outputs to show the value, and takes the reloads that then show nothing else as
    /// asserted.
    let apply: @MainActor (any Sendable, FailureLocation) -> Void
}
