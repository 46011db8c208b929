internal import Foundation
public import PureMVVM

/// Keeps a ViewModel's delegate calls in order, with the outputs snapshot of every reload, for
/// ``ViewModelTester`` to assert.
///
/// A spy owns one and forwards each delegate call to it (see ``DelegateSpy``). Calls may arrive from any thread:
/// one made off the main thread is recorded as a contract violation instead of crashing the test.
public final class DelegateRecorder<Outputs: ViewOutputs, Event: Equatable & Sendable>: @unchecked Sendable {
    private let lock = PlatformLock()
    private var calls: [RecordedCall<Outputs, Event>] = []
    private var total = 0
    private var offMainCalls: [OffMainCall] = []
    private var outputsReader: @MainActor (UnsafeMutablePointer<Outputs>) -> Bool = { _ in false }
    /// For each `Rows` output the tester follows, reads the row changes a reload tells the view.
    private var rowChangesReaders: [@MainActor (ReadOnlyOutputs<Outputs>) -> RowChanges] = []
    /// Whether there are row readers, read under the lock every reload already takes: reading the readers
    /// themselves looks up generic metadata, so outputs without rows never do.
    private var followsRows = false
    /// Whether `calls` or `offMainCalls` holds anything: asking an array of a generic element type whether it is
    /// empty looks up its generic metadata.
    private var hasListedCalls = false
    /// Signalled on every recorded call, for the tester to wait on.
    let arrivals = EventCount()

    // The usual call, one reload on the main thread with nothing else waiting, is kept out of `calls` until another
    // call comes: its change set and snapshots are moved in and out of a buffer allocated once. Building a
    // `RecordedCall` and appending it to an array looks up the generic metadata of both on every reload, in code
    // that is not specialised for the outputs type (the test support is compiled once, for every ViewModel). The
    // row changes a reload tells the view, for the `Rows` outputs the tester follows, are read during the reload and
    // kept beside it.
    /// The handed outputs at 0, the ViewModel's own at 1, while `latest` is not `.none`.
    private let latestOutputs = UnsafeMutablePointer<Outputs>.allocate(capacity: 2)
    private var latestChanges = ChangePositions()
    private var latestRowChanges: [RowChanges] = []
    /// What the buffer holds; never set while `calls` or `offMainCalls` holds anything, so the buffer is always the
    /// only call waiting.
    private var latest = KeptReload.none

    /// Creates an empty recorder.
    public init() {}

    deinit {
        switch latest {
        case .none: break
        case .handed: latestOutputs.deinitialize(count: 1)
        case .handedAndOwn: latestOutputs.deinitialize(count: 2)
        }
        latestOutputs.deallocate()
    }

    /// How many delegate calls were recorded in all, asserted or not; for tests that only need to know that a
    /// ViewModel stayed silent.
    public var callCount: Int { lock.locked { total } }

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
        MainActor.assumeIsolated { recordReloadOnMainActor(changes, from: outputs) }
    }

    /// ``recordReload(_:from:)`` once the main thread is known: what ``DelegateSpy``'s `reloadViews` calls.
    @MainActor
    func recordReloadOnMainActor(_ changes: ChangeSet<Outputs>, from outputs: ReadOnlyOutputs<Outputs>) {
        lock.lock()
        let reader = outputsReader
        let follows = followsRows
        let isAlone = latest == .none && !hasListedCalls
        lock.unlock()
        guard isAlone else { return appendReload(changes, from: outputs, reader: reader, followingRows: follows) }
        // Only the main thread fills the buffer, so it stays free while the outputs are read.
        latestOutputs.initialize(to: outputs.snapshot)
        let hasOwn = reader(latestOutputs + 1)
        let positions = changes.positions
        // The row changes can be read only now, during the reload.
        let rowChanges = follows ? rowChanges(told: outputs) : []
        lock.lock()
        latestChanges = positions
        if follows { latestRowChanges = rowChanges }
        latest = hasOwn ? .handedAndOwn : .handed
        // A call made off the main thread meanwhile is listed: then the buffer holds a call in the list too, so
        // that `latest` is set only while nothing is listed.
        if hasListedCalls { moveLatestIntoCalls() }
        total += 1
        lock.unlock()
        WorkWatch.shared.delegateCalled()
        arrivals.signal()
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

    /// The row changes a reload tells the view, for each `Rows` output the tester follows. Called only when the
    /// tester follows rows: reading the readers looks up generic metadata on every reload.
    @MainActor @inline(never)
    private func rowChanges(told outputs: ReadOnlyOutputs<Outputs>) -> [RowChanges] {
        let readers = lock.locked { rowChangesReaders }
        return readers.map { $0(outputs) }
    }

    // MARK: For the tester

    /// Records a reload in the list of calls, behind those already there. Not inlined, as its generic types would
    /// otherwise be looked up on every reload.
    @MainActor @inline(never)
    private func appendReload(
        _ changes: ChangeSet<Outputs>, from outputs: ReadOnlyOutputs<Outputs>,
        reader: @MainActor (UnsafeMutablePointer<Outputs>) -> Bool, followingRows: Bool
    ) {
        var own: Outputs?
        withUnsafeTemporaryAllocation(of: Outputs.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress, reader(slot) else { return }
            own = slot.move()
        }
        append(
            .reload(
                ReloadNames(changes: changes.positions, rowChanges: followingRows ? rowChanges(told: outputs) : []),
                outputs: outputs.snapshot, viewModelOutputs: own))
    }

    /// Tells the recorder how to read the ViewModel's own outputs during a reload, to compare with the ones the
    /// reload hands the view.
    ///
    /// - Parameter read: Initialises the memory it is given with the ViewModel's outputs and returns `true`, or
    ///   returns `false`, leaving it as it is, when the ViewModel is gone.
    @MainActor
    func bind(to read: @escaping @MainActor (UnsafeMutablePointer<Outputs>) -> Bool) {
        lock.locked { outputsReader = read }
    }

    /// Tells the recorder to read, during each reload, the row changes it tells the view.
    ///
    /// - Parameter readers: For each `Rows` output the tester follows, reads the row changes a reload tells the
    ///   view (they can be read only during the reload).
    @MainActor
    func followRows(_ readers: [@MainActor (ReadOnlyOutputs<Outputs>) -> RowChanges]) {
        let follows = !readers.isEmpty
        lock.locked {
            rowChangesReaders = readers
            followsRows = follows
        }
    }

    /// The calls recorded since the last take, oldest first; they are removed.
    func takeCalls() -> [RecordedCall<Outputs, Event>] {
        lock.locked {
            moveLatestIntoCalls()
            defer {
                calls.removeAll()
                hasListedCalls = !offMainCalls.isEmpty
            }
            return calls
        }
    }

    /// When the only call waiting is one reload made on the main thread, takes it without building a
    /// ``RecordedCall``: its snapshots are moved into the memory given, and its change set and row changes are
    /// returned.
    ///
    /// - Parameters:
    ///   - handed: Uninitialised memory for the outputs the reload handed the view.
    ///   - own: Uninitialised memory for the ViewModel's own outputs at that moment.
    ///   - changes: Set to the reload's change set.
    ///   - rowChanges: Set to the row changes it told the view, one per `Rows` output the tester follows; empty
    ///     when it follows none.
    /// - Returns: What was taken: `.handedAndOwn` when both snapshots were moved in, `.handed` when the
    ///   ViewModel's own outputs were not known, `.none`, with nothing taken or initialised, when anything else is
    ///   waiting (or nothing is).
    func takeOnlyReload(
        handed: UnsafeMutablePointer<Outputs>, own: UnsafeMutablePointer<Outputs>, changes: inout ChangePositions,
        rowChanges: inout [RowChanges]
    ) -> KeptReload {
        lock.lock()
        defer { lock.unlock() }
        let taken = latest  // set only while nothing is listed
        guard taken != .none else { return .none }
        handed.moveInitialize(from: latestOutputs, count: 1)
        if taken == .handedAndOwn { own.moveInitialize(from: latestOutputs + 1, count: 1) }
        latest = .none
        changes = latestChanges
        if !latestRowChanges.isEmpty {
            rowChanges = latestRowChanges
            latestRowChanges = []
        }
        return taken
    }

    /// Calls made off the main thread since the last take; they are removed.
    func takeOffMainCalls() -> [OffMainCall] {
        lock.locked {
            defer {
                offMainCalls.removeAll()
                hasListedCalls = !calls.isEmpty
            }
            return offMainCalls
        }
    }

    /// Whether any call is waiting to be taken.
    var hasCalls: Bool {
        lock.lock()
        defer { lock.unlock() }
        return latest != .none || hasListedCalls
    }

    private func append(_ call: RecordedCall<Outputs, Event>) {
        lock.locked {
            moveLatestIntoCalls()
            calls.append(call)
            hasListedCalls = true
            total += 1
        }
        WorkWatch.shared.delegateCalled()
        arrivals.signal()
    }

    private func recordOffMain(_ call: OffMainCall) {
        lock.locked {
            moveLatestIntoCalls()
            offMainCalls.append(call)
            hasListedCalls = true
            total += 1
        }
        WorkWatch.shared.delegateCalled()
        arrivals.signal()
    }

    /// Puts the reload kept in the buffer, if any, in `calls`, before the calls that came after it. Call it holding
    /// the lock.
    private func moveLatestIntoCalls() {
        guard latest != .none else { return }
        let names = ReloadNames(changes: latestChanges, rowChanges: latestRowChanges)
        let handed = latestOutputs.move()
        let own = latest == .handedAndOwn ? (latestOutputs + 1).move() : nil
        calls.append(.reload(names, outputs: handed, viewModelOutputs: own))
        latestRowChanges = []
        hasListedCalls = true
        latest = .none
    }
}

/// What a ``DelegateRecorder`` keeps of its latest reload outside its list of calls. Not nested in the generic
/// recorder, so comparing it looks up no generic metadata.
enum KeptReload {
    case none
    /// A reload and the outputs it handed the view; the ViewModel's own were not read.
    case handed
    /// A reload, the outputs it handed the view and the ViewModel's own.
    case handedAndOwn
}

/// A delegate call made off the main thread, recorded as a violation instead of being run.
struct OffMainCall {
    /// The call, as failures show it.
    let description: String
    /// Whether it was a reload: the outputs it would have shown count as reloaded, so the violation is reported
    /// once, not again as a change without a reload.
    let isReload: Bool
}
