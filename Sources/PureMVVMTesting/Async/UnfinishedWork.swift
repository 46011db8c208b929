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

    init(createdAt: FailureLocation) {
        self.createdAt = createdAt
        WorkRegistry.shared.open(self)
        WorkWatch.shared.watchToolkitTasks()
    }

    /// The tester has ended: work that starts from now on is no longer its own.
    func close() {
        WorkRegistry.shared.close(self)
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

    /// The origin of work that starts in this task: the input a tester is sending, inherited by the tasks it
    /// starts.
    @TaskLocal static var current: WorkOrigin?

    /// The origin to record for work starting now: the task's, else the one live tester's, else none.
    static var here: WorkOrigin? {
        current ?? WorkRegistry.shared.soleOpenScope.map { WorkOrigin(scope: $0, input: nil, location: nil) }
    }

    /// "during `login()` (LoginTests.swift:42)", or "outside any send, after the tester was made (…)".
    ///
    /// - Parameter stepName: Names a contract explorer's step by its position.
    @MainActor
    func phrase(stepName: ((Int) -> String)?) -> String {
        if let input, let location {
            return "during \(input.text(stepName: stepName)) (\(location.shortDescription))"
        }
        return "outside any send, after the tester was made (\(scope.createdAt.shortDescription))"
    }
}

/// A fake or a clock that can hold work unfinished: `PendingCalls` and `ManualClock`.
protocol UnfinishedWorkSource: AnyObject, Sendable {
    /// The work still waiting that started in a scope, each as a line of the failure.
    func unfinishedWork(startedIn scope: TestScope) -> [UnfinishedWork]
}

/// One call or sleep still waiting.
struct UnfinishedWork {
    /// The entries of a fake or a clock still waiting that started in a scope, each described by `what`.
    static func started<Entry>(
        in scope: TestScope, among entries: [Entry], origin: (Entry) -> WorkOrigin?, what: (Entry) -> String
    ) -> [UnfinishedWork] {
        // Nothing waits at the end of most explored sequences: answered without building anything.
        guard !entries.isEmpty else { return [] }
        return entries.compactMap { entry -> UnfinishedWork? in
            guard let origin = origin(entry), origin.scope === scope else { return nil }
            return UnfinishedWork(what: what(entry), origin: origin)
        }
    }

    /// What waits, such as `PendingCalls<…> "orders": the call PageRequest(…) still waits for an answer`.
    let what: String
    /// Where it started.
    let origin: WorkOrigin

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

    private let lock = PlatformLock()
    /// The fakes and clocks that hold work waiting now: few, where the fakes alive may be thousands (XCTest keeps
    /// every test case, and the fakes in its properties, until the run ends).
    private var waitingSources: [WeakSource] = []
    private var scopes: [WeakScope] = []
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

    /// The one tester open, or `nil` when there are none or several.
    fileprivate var soleOpenScope: TestScope? {
        lock.locked {
            let open = scopes.compactMap(\.scope)
            return open.count == 1 ? open[0] : nil
        }
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
    @MainActor
    static func reportAtEnd(
        of scope: TestScope, when: String, stepName: ((Int) -> String)?, at location: FailureLocation
    ) {
        let work = WorkRegistry.shared.unfinishedWork(startedIn: scope)
        guard !work.isEmpty else { return }
        FailureReporter.fail(
            """
            \(count(work)) \(work.count == 1 ? "is" : "are") still unfinished \(when):
            \(work.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            To fix: answer each call (respond(with:) or fail(with:)) and advance the clock past each sleep, then \
            assert what follows; or, for a test that stops early on purpose, set `tester.checksUnfinishedWork = \
            false`.
            """,
            at: location
        )
    }

    /// Fails once, listing the work a tester started that is still running at its end, not waiting on anything the
    /// test controls: the test ended before it could see what that work does.
    @MainActor
    static func reportRunning(
        of scope: TestScope, when: String, stepName: ((Int) -> String)?, at location: FailureLocation
    ) {
        let work = WorkWatch.shared.runningWork(startedIn: scope)
        guard !work.isEmpty else { return }
        FailureReporter.fail(
            """
            \(count(work)) \(work.count == 1 ? "was" : "were") still running \(when):
            \(work.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            To fix: end the test with `await tester.finish()`, or `await tester.settle()` before asserting, so that \
            the work runs as far as it can and the test sees what it does.
            """,
            at: location
        )
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
            When the tester ended, \(count(work)) still waited; the ViewModel cancelled \(work.count == 1 ? "it" : "them") \
            as it was freed:
            \(work.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            End the test with `await tester.finish()` to make work still waiting fail it.
            """,
            at: location
        )
    }

    /// Fails once, listing the work a freed ViewModel started that still waits: work that outlived its screen.
    @MainActor
    static func reportAfterRelease(
        of scope: TestScope, end: String = "of the sequence", stepName: ((Int) -> String)?,
        at location: FailureLocation
    ) {
        let work = WorkRegistry.shared.unfinishedWork(startedIn: scope)
        guard !work.isEmpty else { return }
        FailureReporter.fail(
            """
            The ViewModel was freed at the end \(end), but \(count(work)) it started \
            \(work.count == 1 ? "is" : "are") still unfinished:
            \(work.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            To fix: keep each Task the ViewModel starts and cancel it in deinit (a Debouncer cancels its own), so \
            the work ends with the screen instead of acting for a screen that is gone.
            """,
            at: location
        )
    }

    private static func count(_ work: [UnfinishedWork]) -> String {
        work.count == 1 ? "1 piece of async work" : "\(work.count) pieces of async work"
    }
}

extension FailureLocation {
    /// "LoginTests.swift:42": the file's name and the line.
    var shortDescription: String {
        "\("\(fileID)".split(separator: "/").last.map(String.init) ?? "\(fileID)"):\(line)"
    }
}
