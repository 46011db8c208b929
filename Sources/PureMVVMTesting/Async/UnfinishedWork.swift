internal import Foundation
import PureMVVM

/// One tester's share of the async work fakes and clocks hold: what it started, checked when it ends.
///
/// Work is tied to a tester by where it started, not by when its fake was made, so fakes made before the tester
/// (a test case's property, a fake passed to several testers) are checked too:
/// - a request or sleep that starts while the tester sends an input (in the input itself, or in a `Task` the
///   input started, which inherits the task-local ``WorkOrigin/current``) belongs to that tester, with the input
///   and the test line that sent it;
/// - one that starts outside any `send` belongs to the tester only when it is the one tester alive, as in XCTest,
///   which runs one test at a time. When several are alive (Swift Testing runs tests in parallel) such work is
///   left out rather than blamed on the wrong test.
///
/// A `send` binds the task-local only while a fake or a clock is alive (``WorkRegistry/isFollowingWork``): binding
/// it costs more than the rest of a passing `send`, and without a fake or a clock no work can be recorded. Work on
/// a fake or clock made during an input (not before it, as a test makes them) counts as started outside any
/// `send`.
final class TestScope: @unchecked Sendable {
    /// Where the tester was made, for messages about work started outside its inputs.
    let createdAt: FailureLocation
    /// The scope of the tester this one's tester is linked to (a child row's tester to its list's, a pushed
    /// screen's to the screen that pushed it), or `nil`: the linked testers' work is judged together, as one
    /// screen's, once the last of them ends (see ``TesterGroup``). Set once, right after the scope is made, on the
    /// main actor.
    private(set) var parent: TestScope?
    /// How work this tester's inputs started is named in messages besides its input, such as "sent to the
    /// LineViewModel of row 1"; `nil` for a tester of its own.
    private(set) var role: String?
    /// The end of the group of linked testers this scope is the first of (see ``TesterGroup``).
    private(set) lazy var group = TesterGroup()
    /// The markers of the tester's sends whose tasks may still be alive (see ``InputMarker``). Used on the main
    /// actor only, by the tester and by a settle.
    var inputMarkers = InputMarkers()

    init(createdAt: FailureLocation) {
        self.createdAt = createdAt
        WorkRegistry.shared.open(self)
        WorkWatch.shared.watchToolkitTasks()
    }

    /// The first scope of the group: the one with no parent.
    var root: TestScope { parent?.root ?? self }

    /// Whether work started in `other` counts as this scope's: it is this scope, or a scope linked below it.
    func contains(_ other: TestScope) -> Bool {
        var scope: TestScope? = other
        while let current = scope {
            if current === self { return true }
            scope = current.parent
        }
        return false
    }

    /// Links this scope below another, before any work starts in it.
    ///
    /// - Parameters:
    ///   - parent: The linked tester's scope.
    ///   - role: How messages name this tester's inputs, such as "sent to the LineViewModel of row 1".
    func link(below parent: TestScope, role: String) {
        self.parent = parent
        self.role = role
        parent.root.group.memberJoined()
    }

    /// The tester has ended: work that starts from now on is no longer its own.
    func close() {
        WorkRegistry.shared.close(self)
    }
}

/// The end of a group of linked testers (a list's and its rows', a screen's and the screen it pushed): their
/// ViewModels belong together (a list keeps its rows' children, a screen's callback reaches the one it pushed), so
/// the work they started is judged once, when the last of them ends, as one tester's work is judged at its end:
/// the work still running, then, once every ViewModel of the group has been let go, the work still waiting. A
/// child's debounce that its ViewModel cancels when the list frees it ends with the screen, as it would for a
/// tester of its own. Used on the main actor only, by the testers.
final class TesterGroup {
    /// The testers of the group that have not ended yet.
    private var open = 1
    /// The ViewModels the group's ended testers let go.
    private var released: [WeakReference<AnyObject>] = []
    /// The work still waiting when the first tester of the group ended, for the note about work cancelled on
    /// release.
    private var waitingAtFirstEnd: [UnfinishedWork]?
    /// Whether every tester that ended checks unfinished work: one that opts out opts the group out.
    private var checksUnfinishedWork = true
    /// The lines already reported for the group, by `finish()` of one of its testers: not reported again.
    private(set) var reported: Set<String> = []

    /// Another tester joined the group.
    func memberJoined() {
        open += 1
    }

    /// A tester of the group ends, before it lets its ViewModel go.
    ///
    /// - Parameters:
    ///   - root: The group's first scope.
    ///   - checksUnfinishedWork: The tester's ``ViewModelTester/checksUnfinishedWork``.
    /// - Returns: Whether it is the last one: then it checks the group's work.
    func memberEnds(root: TestScope, checksUnfinishedWork: Bool) -> Bool {
        if waitingAtFirstEnd == nil { waitingAtFirstEnd = WorkRegistry.shared.unfinishedWork(startedIn: root) }
        self.checksUnfinishedWork = self.checksUnfinishedWork && checksUnfinishedWork
        open -= 1
        return open == 0
    }

    /// Whether the group's work is checked at its end.
    var checksWork: Bool { checksUnfinishedWork }

    /// A tester of the group let its ViewModel go.
    func released(_ viewModel: WeakReference<AnyObject>) {
        released.append(viewModel)
    }

    /// Whether every ViewModel the group's testers let go is freed.
    var everyViewModelIsFreed: Bool { released.allSatisfy { $0.object == nil } }

    /// The work that waited when the first tester ended.
    var waitingBefore: [UnfinishedWork] { waitingAtFirstEnd ?? [] }

    /// Records lines reported by a tester's `finish()`, so that the group's end does not report them again.
    func didReport(_ lines: [String]) {
        reported.formUnion(lines)
    }
}

/// Where a piece of async work started: which tester, and which input it was sending, if any.
struct WorkOrigin: Sendable {
    /// The tester whose test made the work.
    let scope: TestScope
    /// The input being sent, as failures name it (`` `rowDidAppear(at: 19)` ``), or `nil` outside a `send`; kept
    /// as given, and written out only for a failure.
    let input: InputLabel?
    /// The test line that sent it.
    let location: FailureLocation?
    /// What the tasks of the send inherit, in the value bound to ``current`` only: a stored origin (a fake's call,
    /// a clock's sleep) keeps ``markerID`` alone, so that only tasks hold the marker (see ``InputMarker``).
    private(set) var marker: InputMarker?
    /// The marker of the send the work started in, if any.
    let markerID: ObjectIdentifier?

    /// The origin a `send` binds: the tasks it starts inherit the marker.
    init(scope: TestScope, input: InputLabel, location: FailureLocation, marker: InputMarker) {
        self.scope = scope
        self.input = input
        self.location = location
        self.marker = marker
        markerID = ObjectIdentifier(marker)
    }

    /// The origin of something an input did in the input itself, recorded without a marker (no task holds it).
    init(scope: TestScope, input: InputLabel, location: FailureLocation) {
        self.scope = scope
        self.input = input
        self.location = location
        marker = nil
        markerID = nil
    }

    /// The origin of work that started outside any `send`.
    init(scope: TestScope) {
        self.scope = scope
        input = nil
        location = nil
        marker = nil
        markerID = nil
    }

    /// The origin of work that starts in this task: the input a tester is sending, inherited by the tasks it
    /// starts.
    @TaskLocal static var current: WorkOrigin?

    /// The origin to record for work starting now: the task's (without its marker), else the one live tester's (or
    /// the first of the one group of linked testers alive), else none.
    static var here: WorkOrigin? {
        guard var origin = current else { return WorkRegistry.shared.soleOpenScope.map { WorkOrigin(scope: $0) } }
        origin.marker = nil
        return origin
    }

    /// "during `login()` (LoginTests.swift:42)", "during `quantityDidChange(1)`, sent to the LineViewModel of row
    /// 1 (…)", or "outside any send, after the tester was made (…)".
    ///
    /// - Parameter stepName: Names a contract explorer's step by its position.
    @MainActor
    func phrase(stepName: ((Int) -> String)?) -> String {
        if let input, let location {
            let role = scope.role.map { ", \($0)" } ?? ""
            return "during \(input.text(stepName: stepName))\(role) (\(location.shortDescription))"
        }
        return "outside any send, after the tester was made (\(scope.createdAt.shortDescription))"
    }
}

/// A fake or a clock that can hold work unfinished: `PendingCalls` and `ManualClock`.
protocol UnfinishedWorkSource: AnyObject, Sendable {
    /// The work still waiting that started in a scope, each as a line of the failure.
    func unfinishedWork(startedIn scope: TestScope) -> [UnfinishedWork]
    /// The markers of the sends whose work waits here (see ``InputMarker``).
    var waitingSends: [ObjectIdentifier] { get }
}

/// One piece of work a failure lists: a call or sleep still waiting, a task or an answer still running.
struct UnfinishedWork {
    /// What the work is, for the advice of the failure that lists it.
    enum Kind {
        /// A call to a ``PendingCalls`` waiting for an answer.
        case call
        /// A sleep on a ``ManualClock`` waiting for the clock.
        case sleep
        /// A task of an `InFlightTask` that can still run.
        case task
        /// A task of a `Debouncer` that has not reached its delay yet.
        case debouncedTask
        /// An answer or a wake-up given that its caller has not taken.
        case answer
    }

    /// The entries of a fake or a clock still waiting that started in a scope, each described by `what`.
    static func started<Entry>(
        in scope: TestScope, among entries: [Entry], kind: Kind, origin: (Entry) -> WorkOrigin?,
        what: (Entry) -> String
    ) -> [UnfinishedWork] {
        // Nothing waits at the end of most explored sequences: answered without building anything.
        guard !entries.isEmpty else { return [] }
        return entries.compactMap { entry -> UnfinishedWork? in
            guard let origin = origin(entry), scope.contains(origin.scope) else { return nil }
            return UnfinishedWork(what: what(entry), origin: origin, kind: kind)
        }
    }

    /// What waits, such as `PendingCalls<…> "orders": the call PageRequest(…) still waits for an answer`.
    let what: String
    /// Where it started.
    let origin: WorkOrigin
    /// What it is.
    let kind: Kind

    /// The line the failure lists.
    ///
    /// - Parameter stepName: Names a contract explorer's step by its position.
    @MainActor
    func line(stepName: ((Int) -> String)?) -> String {
        "  - \(what); it started \(origin.phrase(stepName: stepName))."
    }
}

/// The fakes and clocks alive, and the testers open, for the process.
final class WorkRegistry: @unchecked Sendable {
    static let shared = WorkRegistry()

    private struct WeakSource {
        /// Its place in the order the fakes and clocks were made, which failures keep.
        let number: Int
        weak var source: (any UnfinishedWorkSource)?
    }

    private struct WeakScope {
        weak var scope: TestScope?
    }

    private struct WeakRecorder {
        weak var recorder: (any RecordedCallSource)?
    }

    private let lock = PlatformLock()
    /// The fakes and clocks that hold work waiting now: few, where the fakes alive may be thousands (XCTest keeps
    /// every test case, and the fakes in its properties, until the run ends).
    private var waitingSources: [WeakSource] = []
    private var scopes: [WeakScope] = []
    /// The call recorders alive: few, made by the tests that use them.
    private var recorders: [WeakRecorder] = []
    /// How many fakes and clocks are alive: each adds one when it is made and takes it back when it is freed.
    private let liveSources = Locked(0)
    /// How many fakes and clocks were made.
    private let madeSources = Locked(0)

    /// Whether a fake or a clock is alive, so that work can be recorded at all: read by every `send`.
    var isFollowingWork: Bool { liveSourceCount > 0 }

    /// How many fakes and clocks are alive.
    var liveSourceCount: Int { liveSources.withLock { $0 } }

    /// Registers a fake or a clock for as long as it lives; it calls ``unregister(_:)`` from its `deinit`, and
    /// ``source(_:number:isWaiting:)`` whenever it starts or stops holding work.
    ///
    /// - Returns: Its number, in the order the fakes and clocks were made.
    func register() -> Int {
        WorkWatch.shared.watchToolkitTasks()
        liveSources.withLock { $0 += 1 }
        return madeSources.withLock {
            $0 += 1
            return $0
        }
    }

    /// Says that a registered fake or clock is freed.
    ///
    /// - Parameter number: Its number.
    func unregister(_ number: Int) {
        liveSources.withLock { $0 -= 1 }
        lock.locked { waitingSources.removeAll { $0.number == number || $0.source == nil } }
    }

    /// Says whether a fake or a clock holds work waiting. It calls this under its own lock, each time its waiting
    /// work changes, so that the last call says what holds.
    ///
    /// - Parameters:
    ///   - source: The fake or clock.
    ///   - number: Its number from ``register()``.
    ///   - isWaiting: Whether some of its work waits.
    func source(_ source: any UnfinishedWorkSource, number: Int, isWaiting: Bool) {
        lock.locked {
            let index = waitingSources.firstIndex { $0.number == number }
            switch (index, isWaiting) {
            case (nil, true):
                let place = waitingSources.firstIndex { $0.number > number } ?? waitingSources.endIndex
                waitingSources.insert(WeakSource(number: number, source: source), at: place)
            case (let index?, false): waitingSources.remove(at: index)
            default: break
            }
        }
    }

    fileprivate func open(_ scope: TestScope) {
        lock.locked {
            scopes.removeAll { $0.scope == nil }
            scopes.append(WeakScope(scope: scope))
        }
    }

    fileprivate func close(_ scope: TestScope) {
        lock.locked { scopes.removeAll { $0.scope == nil || $0.scope === scope } }
    }

    /// The one tester open, or the first of the one group of linked testers open; `nil` when there are none, or
    /// testers of several groups.
    fileprivate var soleOpenScope: TestScope? {
        lock.locked {
            let roots = scopes.compactMap(\.scope?.root)
            guard let first = roots.first, roots.allSatisfy({ $0 === first }) else { return nil }
            return first
        }
    }

    /// Drops from every open tester's list the markers that no task holds any more (see ``InputMarkers``): once the
    /// last task of a send has ended, a weak reference to its marker, such as a settle's resumed work keeps, is nil.
    @MainActor
    func dropMarkersNoTaskHolds() {
        let open = lock.locked { scopes.compactMap(\.scope) }
        for scope in open { _ = scope.inputMarkers.held() }
    }

    /// Whether a task a send started is alive while nothing of that send waits on a fake or a clock: work the test
    /// support cannot see running (a nonisolated `async` function's code runs on another thread), which a settle
    /// gives a few more turns.
    @MainActor
    var hasUnseenSendWork: Bool {
        let open = lock.locked { scopes.compactMap(\.scope) }
        var held: [ObjectIdentifier] = []
        for scope in open { held.append(contentsOf: scope.inputMarkers.held().map(ObjectIdentifier.init)) }
        guard !held.isEmpty else { return false }
        let waiting = Set(lock.locked { waitingSources.compactMap(\.source) }.flatMap(\.waitingSends))
        return held.contains { !waiting.contains($0) }
    }

    /// Keeps a call recorder, weakly, for the end-of-test check of the calls nobody asserted.
    func keep(recorder: any RecordedCallSource) {
        lock.locked {
            recorders.removeAll { $0.recorder == nil }
            recorders.append(WeakRecorder(recorder: recorder))
        }
    }

    /// The calls to call recorders made in a scope that nobody asserted and no failure named; they count as named
    /// from now on.
    func takeUnassertedRecordedCalls(startedIn scope: TestScope) -> [UnfinishedWork] {
        let alive = lock.locked { recorders.compactMap(\.recorder) }
        return alive.flatMap { $0.takeUnreported(startedIn: scope) }
    }

    /// Every call and sleep still waiting that started in a scope.
    func unfinishedWork(startedIn scope: TestScope) -> [UnfinishedWork] {
        guard isFollowingWork else { return [] }
        let waiting = lock.locked { waitingSources.compactMap(\.source) }
        return waiting.flatMap { $0.unfinishedWork(startedIn: scope) }
    }
}

enum UnfinishedWorkCheck {
    /// Fails once, listing the work a tester started that still waits at its end.
    ///
    /// - Parameter skipping: Lines reported already (by a linked tester's `finish()`): not reported again.
    /// - Returns: The lines reported.
    @MainActor @discardableResult
    static func reportAtEnd(
        of scope: TestScope, when: String, stepName: ((Int) -> String)?, skipping: Set<String> = [],
        at location: FailureLocation
    ) -> [String] {
        let lines = WorkRegistry.shared.unfinishedWork(startedIn: scope).map { $0.line(stepName: stepName) }
            .filter { !skipping.contains($0) }
        guard !lines.isEmpty else { return [] }
        FailureReporter.fail(
            """
            \(count(lines.count)) \(lines.count == 1 ? "is" : "are") still unfinished \(when):
            \(lines.joined(separator: "\n"))
            To fix: answer each call (respond(with:) or fail(with:)) and advance the clock past each sleep, then \
            assert what follows; or, for a test that stops early on purpose, set `tester.checksUnfinishedWork = \
            false`.
            """,
            at: location
        )
        return lines
    }

    /// Fails once, listing the work a tester started that is still running at its end, not waiting on anything the
    /// test controls: the test ended before it could see what that work does. The advice is the one for the work
    /// listed.
    @MainActor
    static func reportRunning(
        of scope: TestScope, when: String, stepName: ((Int) -> String)?, at location: FailureLocation
    ) {
        let work = WorkWatch.shared.runningWork(startedIn: scope)
        guard !work.isEmpty else { return }
        FailureReporter.fail(
            """
            \(count(work.count)) \(work.count == 1 ? "was" : "were") still running \(when):
            \(work.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            To fix: \(advice(forRunning: work))
            """,
            at: location
        )
    }

    /// What to do about work still running at the end, for the kinds listed.
    static func advice(forRunning work: [UnfinishedWork]) -> String {
        var steps: [String] = []
        if work.contains(where: { $0.kind == .answer }) {
            steps.append(
                "let the ViewModel take the answer before the test ends: receive what it does (`await "
                    + "tester.receiveReload { … }`, `await tester.receive(…)`), or `await tester.settle()` and assert "
                    + "what it did")
        }
        if work.contains(where: { $0.kind == .debouncedTask }) {
            steps.append(
                "end with `await tester.settle()`, so the debounced task reaches its delay: the Debouncer cancels it "
                    + "when the ViewModel is freed; to see what it does, advance its clock past the delay first "
                    + "(`await clock.advance(by: …)`)")
        }
        if work.contains(where: { $0.kind == .task }) {
            steps.append(
                "make the task's operation wait only on what the test controls (a PendingCalls, a ManualClock), "
                    + "then `await tester.settle()` and answer it, or let the ViewModel cancel it when it is freed")
        }
        return steps.joined(separator: "; ")
            + ". (`await tester.finish()` settles too, but then fails for every call or sleep still waiting.)"
    }

    /// Notes the work that still waited when the test ended and that the ViewModel cancelled as it was freed: no
    /// failure (the work ended with its screen), but a hint when the test failed for want of it.
    @MainActor
    static func noteCancelledOnRelease(
        _ work: [UnfinishedWork], stepName: ((Int) -> String)?, at location: FailureLocation
    ) {
        guard !work.isEmpty else { return }
        FailureReporter.note(
            """
            When the tester ended, \(count(work.count)) still waited; the ViewModel cancelled \
            \(work.count == 1 ? "it" : "them") as it was freed:
            \(work.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            End the test with `await tester.finish()` to make work still waiting fail it.
            """,
            at: location
        )
    }

    /// Fails once, listing the work a freed ViewModel started that still waits: work that outlived its screen.
    ///
    /// - Parameter skipping: Lines reported already (by a linked tester's `finish()`): not reported again.
    @MainActor
    static func reportAfterRelease(
        of scope: TestScope, end: String = "of the sequence", stepName: ((Int) -> String)?,
        skipping: Set<String> = [], at location: FailureLocation
    ) {
        let lines = WorkRegistry.shared.unfinishedWork(startedIn: scope).map { $0.line(stepName: stepName) }
            .filter { !skipping.contains($0) }
        guard !lines.isEmpty else { return }
        FailureReporter.fail(
            """
            The ViewModel was freed at the end \(end), but \(count(lines.count)) it started \
            \(lines.count == 1 ? "is" : "are") still unfinished:
            \(lines.joined(separator: "\n"))
            To fix: keep each Task the ViewModel starts and cancel it in deinit (a Debouncer cancels its own), so \
            the work ends with the screen instead of acting for a screen that is gone.
            """,
            at: location
        )
    }

    private static func count(_ work: Int) -> String {
        work == 1 ? "1 piece of async work" : "\(work) pieces of async work"
    }
}

extension FailureLocation {
    /// "LoginTests.swift:42": the file's name and the line.
    var shortDescription: String {
        "\("\(fileID)".split(separator: "/").last.map(String.init) ?? "\(fileID)"):\(line)"
    }
}
