internal import Foundation
public import PureMVVM
internal import Synchronization

/// Keeps a ViewModel's delegate calls in order, with the outputs snapshot of every reload, for
/// ``ViewModelTester`` to assert.
///
/// A spy owns one and forwards each delegate call to it (see ``DelegateSpy``). Calls may arrive from any thread:
/// one made off the main thread is recorded as a contract violation instead of crashing the test.
public final class DelegateRecorder<Outputs: ViewOutputs, Event: Equatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [RecordedCall<Outputs, Event>] = []
    private var total = 0
    private var offMainCalls: [OffMainCall] = []
    private var outputsReader: (@MainActor () -> Outputs?)?
    private var rowChangesReaders: [@MainActor (ReadOnlyOutputs<Outputs>) -> RowChanges] = []
    /// Whether there are row readers: read on every reload without the lock, and without the generic metadata
    /// look-ups that reading the readers costs (about 2,000 instructions a reload).
    private let followsRows = Atomic<Bool>(false)
    /// Signalled on every recorded call, for the tester to wait on.
    let arrivals = EventCount()

    /// Creates an empty recorder.
    public init() {}

    /// How many delegate calls were recorded in all, asserted or not; for tests that only need to know that a
    /// ViewModel stayed silent.
    public var callCount: Int { lock.withLock { total } }

    /// Records a reload with a snapshot of the outputs it handed the view (and, for ``ViewModelTester``, the
    /// outputs the ViewModel itself shows at that moment, which must be the same).
    ///
    /// - Parameters:
    ///   - changes: The change set the ViewModel sent.
    ///   - outputs: The outputs the reload handed the view.
    public func recordReload(_ changes: ChangeSet<Outputs>, from outputs: ReadOnlyOutputs<Outputs>) {
        guard MainActorCheck.isOnMainActor else {
            recordOffMain(OffMainCall(description: "reloadViews(\(changes))", isReload: true))
            return
        }
        let reader = lock.withLock { outputsReader }
        let (handed, own) = MainActor.assumeIsolated { (outputs.snapshot, reader?()) }
        append(.reload(changes, outputs: handed, viewModelOutputs: own, rowChanges: rowChanges(told: outputs)))
    }

    /// Records any other delegate call.
    ///
    /// - Parameter event: The spy's value for the call, such as `.alert(alert)`.
    public func record(_ event: Event) {
        guard MainActorCheck.isOnMainActor else {
            recordOffMain(OffMainCall(description: ValueDump(event).singleLine, isReload: false))
            return
        }
        append(.event(event))
    }

    /// The row changes a reload tells the view, for each `Rows` output the tester follows: nothing to do, and
    /// nothing that costs generic metadata look-ups, for outputs without rows.
    private func rowChanges(told outputs: ReadOnlyOutputs<Outputs>) -> [RowChanges] {
        guard followsRows.load(ordering: .acquiring) else { return [] }
        let readers = lock.withLock { rowChangesReaders }
        return MainActor.assumeIsolated { readers.map { $0(outputs) } }
    }

    // MARK: For the tester

    /// Tells the recorder how to read the ViewModel's own outputs during a reload, to compare with the ones the
    /// reload hands the view.
    ///
    /// - Parameters:
    ///   - read: Reads the ViewModel's outputs.
    ///   - rowChanges: For each `Rows` output the tester follows, reads the row changes a reload tells the view
    ///     (they can be read only during the reload).
    @MainActor
    func bind(
        to read: @escaping @MainActor () -> Outputs?,
        rowChanges: [@MainActor (ReadOnlyOutputs<Outputs>) -> RowChanges] = []
    ) {
        lock.withLock {
            outputsReader = read
            rowChangesReaders = rowChanges
        }
        followsRows.store(!rowChanges.isEmpty, ordering: .releasing)
    }

    /// The calls recorded since the last take, oldest first; they are removed.
    func takeCalls() -> [RecordedCall<Outputs, Event>] {
        lock.withLock {
            defer { calls.removeAll() }
            return calls
        }
    }

    /// Calls made off the main thread since the last take; they are removed.
    func takeOffMainCalls() -> [OffMainCall] {
        lock.withLock {
            defer { offMainCalls.removeAll() }
            return offMainCalls
        }
    }

    /// Whether any call is waiting to be taken.
    var hasCalls: Bool { lock.withLock { !calls.isEmpty || !offMainCalls.isEmpty } }

    private func append(_ call: RecordedCall<Outputs, Event>) {
        lock.withLock {
            calls.append(call)
            total += 1
        }
        arrivals.signal()
    }

    private func recordOffMain(_ call: OffMainCall) {
        lock.withLock {
            offMainCalls.append(call)
            total += 1
        }
        arrivals.signal()
    }
}

/// A delegate call made off the main thread, recorded as a violation instead of being run.
struct OffMainCall {
    /// The call, as failures show it.
    let description: String
    /// Whether it was a reload: the outputs it would have shown count as reloaded, so the violation is reported
    /// once, not again as a change without a reload.
    let isReload: Bool
}
