internal import Foundation
import PureMVVM

/// A fake for a fire-and-forget dependency, such as analytics, logging or haptics: it records each call with the
/// input that made it, and the test asserts the calls as it asserts delegate calls, with
/// ``ViewModelTester/receive(_:from:timeout:fileID:filePath:line:column:)``.
///
/// ```swift
/// enum AnalyticsEvent: Equatable, Sendable {
///     case loginTapped, loginSucceeded(String)
/// }
///
/// final class FakeAnalytics: Analytics {
///     let events = CallRecorder<AnalyticsEvent>(label: "analytics")
///     func track(_ event: AnalyticsEvent) { events.record(event) }
/// }
///
/// tester.send { $0.login() }
/// await tester.receive(.loginTapped, from: analytics.events)
/// ```
///
/// A call made during a tester's test that no receive asserted fails the test when the tester ends, listed by name
/// with the input that made it (unless the tester's ``ViewModelTester/strictness`` is partial). ``calls`` keeps
/// every call, asserted or not, for a test that wants to look at them itself.
public final class CallRecorder<Call: Sendable>: @unchecked Sendable {  // Every stored property is behind the lock.
    /// What failures call this recorder: its label, or its type.
    public let label: String?

    private struct Entry {
        let call: Call
        let origin: WorkOrigin?
        /// Whether a receive took it.
        var isAsserted = false
        /// Whether a failure named it already: it is not reported again.
        var isNamed = false
    }

    private let lock = PlatformLock()
    private var entries: [Entry] = []
    /// Signalled on every call, for a receive to wait on.
    let arrivals = EventCount()
    /// Its number with the registry of work.
    private let registration: Int

    /// Creates a recorder with no calls.
    ///
    /// - Parameter label: What failures call it, such as "analytics"; its type by default.
    public init(label: String? = nil) {
        self.label = label
        registration = WorkRegistry.shared.register()
        WorkRegistry.shared.keep(recorder: self)
    }

    deinit {
        WorkRegistry.shared.unregister(registration)
    }

    /// Records a call: what the fake's method does with each one.
    ///
    /// - Parameter call: The call, as the test will expect it, such as `.loginTapped`.
    public func record(_ call: Call) {
        let origin = WorkOrigin.here
        lock.locked { entries.append(Entry(call: call, origin: origin)) }
        WorkWatch.shared.delegateCalled()
        arrivals.signal()
    }

    /// Every call so far, oldest first, asserted or not.
    public var calls: [Call] { lock.locked { entries.map(\.call) } }

    /// The recorder as failures name it: `CallRecorder "analytics"`, or the type.
    var name: String { label.map { "CallRecorder \"\($0)\"" } ?? "\(Self.self)" }

    /// How many calls were recorded.
    var count: Int { lock.locked { entries.count } }

    /// The calls no receive took yet that a tester of `scope`'s group may take: those made in the group, and those
    /// made outside any tester's reach.
    ///
    /// - Returns: Each call's position, the call, and whether a failure named it already.
    func unasserted(takeableIn scope: TestScope) -> [(index: Int, call: Call, isNamed: Bool)] {
        lock.locked {
            entries.indices.compactMap { index in
                let entry = entries[index]
                guard !entry.isAsserted, entry.origin.map({ scope.contains($0.scope) }) ?? true else { return nil }
                return (index, entry.call, entry.isNamed)
            }
        }
    }

    /// Marks calls as taken by a receive.
    func assert(_ indices: [Int]) {
        lock.locked { for index in indices { entries[index].isAsserted = true } }
    }

    /// Marks calls as named by a failure.
    func name(_ indices: [Int]) {
        lock.locked { for index in indices { entries[index].isNamed = true } }
    }
}

extension CallRecorder: RecordedCallSource {
    func takeUnreported(startedIn scope: TestScope) -> [UnfinishedWork] {
        lock.locked {
            var found: [UnfinishedWork] = []
            for index in entries.indices {
                let entry = entries[index]
                guard !entry.isAsserted, !entry.isNamed, let origin = entry.origin, scope.contains(origin.scope)
                else { continue }
                entries[index].isNamed = true
                found.append(
                    UnfinishedWork(
                        what: "\(name): `\(ValueDump(entry.call).singleLine.trimmingPrefix("."))`", origin: origin,
                        kind: .call))
            }
            return found
        }
    }
}

/// A fake whose calls the test asserts, and whose calls nobody asserted fail at the end: ``CallRecorder``.
protocol RecordedCallSource: AnyObject, Sendable {
    /// The calls made in a scope (or below it) that nobody asserted and no failure named yet; they count as named
    /// from now on.
    func takeUnreported(startedIn scope: TestScope) -> [UnfinishedWork]
}
