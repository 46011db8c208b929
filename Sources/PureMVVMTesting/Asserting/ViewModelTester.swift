internal import Foundation
public import PureMVVM

/// Drives a ViewModel the way its view would and asserts every delegate call, exhaustively by default.
///
/// Send each input with the change you expect in the outputs; the tester checks that exactly one reload came,
/// naming exactly the outputs that changed, and that the outputs are what you said. Calls you do not assert fail
/// the test at its end, listing what was left.
///
/// ```swift
/// func testShortUsername() async {
///     let viewModel = LoginViewModel(authenticator: fake)
///     let tester = ViewModelTester(viewModel, spy: LoginSpy())
///     tester.send({ $0.usernameDidChange("dim") }) {
///         $0.usernameBorder = .invalid(["Must be at least 6 characters."])
///     }
/// }
/// ```
///
/// Async work is asserted in order with ``receiveReload(timeout:outputs:fileID:filePath:line:column:)`` and
/// ``receive(_:timeout:fileID:filePath:line:column:)->()``, after the test has answered the fake dependency (see
/// ``PendingCalls``): no sleeps. A receive fails at once when no call can come (every task the test's inputs
/// started has ended or waits on a fake or a clock), and never uses up a call it did not take; calls in any order
/// are taken with ``receive(inAnyOrder:timeout:fileID:filePath:line:column:)``, a kind of call the test does not
/// care about passes with ``ignoreEvents(where:)``, calls to a fire-and-forget dependency are asserted with
/// ``receive(_:from:timeout:fileID:filePath:line:column:)``, and changes of state shared between screens with
/// ``receiveChange(of:timeout:_:fileID:filePath:line:column:)``. The contract checks (an output changed without a reload, a reload with nothing
/// changed, more than one reload for one input, a change set that names the wrong outputs, a delegate call off
/// the main thread) run on every input and every received reload, and name the input that broke them.
///
/// Create the tester inside the test: when it is freed at the end of the test it fails for anything left
/// unasserted. A tester kept on the test case must be checked with ``finish(fileID:filePath:line:column:)``.
///
/// ## Independent change detection
///
/// The tester works out which outputs changed by itself and never calls the outputs' `hasChanged(_:since:)` to
/// decide it, so a slip there (reporting a field that did not change, missing one that did, comparing the wrong
/// property) fails the test instead of passing it twice. It compares the two snapshots stored property by stored
/// property, each with its own type's `==`, and matches each `Field` case to a property by name:
///
/// - A case stands for the stored property of its name (`case isLoading` for `var isLoading`), and for stored
///   properties named after it with an upper-case suffix (`case status` also for `var statusText`), unless
///   another case matches such a property more closely. A property wrapper's storage `_name` counts as `name`.
/// - A stored property that no case stands for fails the test when it changes: no reload could name it.
/// - A case whose properties cannot be compared one by one (a computed output, with no stored property of its
///   name; a stored closure or other type that is not `Equatable`) is the one place the tester takes
///   `hasChanged` at its word. It says so once per outputs type, in a note. Nothing crashes.
///
/// `hasChanged` is asked only after a check has failed, to say where the fix is.
@MainActor
public final class ViewModelTester<Model: ViewModel, Spy: DelegateSpy> where Spy.Outputs == Model.Outputs {
    /// The outputs snapshot of the ViewModel under test.
    public typealias Outputs = Model.Outputs
    /// The spy's values for delegate calls other than reloads.
    public typealias Event = Spy.Event

    /// The ViewModel under test.
    @inline(__always)
    public var viewModel: Model { heldViewModel.takeUnretainedValue() }
    /// The ViewModel, held (retained once) until the tester ends; let go then before the work it started is
    /// checked, so that work it cancels when it is freed no longer counts. Unmanaged, not an optional `var`: a send
    /// reads it several times, and each read of a `var` is a run-time exclusivity check.
    /// `nonisolated(unsafe)`, as `hasReleasedViewModel`: the `deinit` reads both, when nothing else can.
    nonisolated(unsafe) private let heldViewModel: Unmanaged<Model>
    /// Whether the tester has let its ViewModel go.
    nonisolated(unsafe) private var hasReleasedViewModel = false
    /// The ViewModel until the tester lets it go as it ends, then `nil`: for a leak's failure, which names the
    /// tester that holds an object.
    var heldViewModelObject: AnyObject? { hasReleasedViewModel ? nil : heldViewModel.takeUnretainedValue() }
    /// The spy standing in for its view, set as the ViewModel's delegate.
    public let spy: Spy
    /// Whether unasserted calls and changes fail the test; ``TesterStrictness/exhaustive`` by default.
    public var strictness: TesterStrictness = .exhaustive
    /// How long ``receive(_:timeout:fileID:filePath:line:column:)->()`` waits for a call before failing. A bound on a
    /// hung test, not a delay: a call that has arrived is taken at once.
    public var timeout: Duration = TimeLimitExceeded.defaultTimeout
    /// Whether a call to a ``PendingCalls`` or a sleep on a ``ManualClock`` that started during the test and still
    /// waits when the tester ends fails the test; `true` by default. Set it to `false` for a test that stops
    /// early on purpose.
    public var checksUnfinishedWork = true

    let createdAt: FailureLocation
    /// The async work this tester's test started, checked at its end.
    let workScope: TestScope
    /// The reload rules, checked against what really changed.
    let contract: ContractCheck<Outputs>
    /// Whether the outputs hold `Rows` whose row changes the tester follows: then outputs are compared by the
    /// tester's own reckoning, never by their `==`.
    let followsRows: Bool
    /// The outputs as the test has asserted them.
    var expected: Outputs
    /// The outputs as of the last reload or input, for the contract checks.
    var lastSeen: Outputs
    /// Recorded calls not yet asserted.
    var pending: [RecordedCall<Outputs, Event>] = [] {
        didSet {
            hasPending = !pending.isEmpty
            if !hasPending { pendingReported = 0 }
        }
    }
    /// How many of the first `pending` calls a failure has named already (a receive that expected another call):
    /// they wait for a receive that takes them, a later receive looks past them without failing again, and the
    /// test's end does not list them again.
    var pendingReported = 0
    /// The kinds of delegate call the test does not care about (see ``ignoreEvents(where:)``).
    var ignoredEvents: [(Event) -> Bool] = []
    /// Where the last input was sent, for messages about the calls it should have made.
    var lastInputLocation: FailureLocation?
    /// Whether `pending` holds a call, kept apart: asking the array itself looks up its generic metadata, on every
    /// input.
    private var hasPending = false
    /// What ``log`` shows, kept raw and rendered only when the log is read.
    let history = TesterLog<Outputs, Event>()
    private var isFinished = false
    /// Set when the spy cannot be the ViewModel's delegate: that one failure is reported, and the tester then
    /// checks nothing, since every check would fail for the same reason.
    private(set) var spyIsNotTheDelegate = false
    /// The spy's recorder, read once: the spy hands out the same one every time.
    let recorder: DelegateRecorder<Outputs, Event>
    /// Memory for the one reload of a usual input.
    private let snapshots = ReloadSnapshots<Outputs>()
    /// Names the steps of the contract explorer that drives this tester, for messages and the log.
    var stepName: ((Int) -> String)?
    /// The input being sent, as messages name it.
    var currentInput = InputLabel.named("")
    /// The testers linked to this one by a row both show: a parent's children, or a child's parent (see
    /// ``child(_:id:in:row:spy:fileID:filePath:line:column:)``).
    var links: [any TesterLink] = []

    /// Attaches a spy to a ViewModel as its delegate and starts recording.
    ///
    /// - Parameters:
    ///   - viewModel: The ViewModel under test; its current outputs are the starting point.
    ///   - spy: The spy; it must conform to the ViewModel's delegate protocol. Swift cannot require that in the
    ///     tester's type (the delegate protocol is the ViewModel's `Delegate`, an existential), so a spy that does
    ///     not conform fails the test once, here, and the tester checks nothing else.
    ///   - fileID: Where the tester is created; end-of-test failures point here.
    ///   - filePath: Where the tester is created.
    ///   - line: Where the tester is created.
    ///   - column: Where the tester is created.
    public init(
        _ viewModel: Model,
        spy: Spy,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        heldViewModel = Unmanaged.passRetained(viewModel)
        self.spy = spy
        createdAt = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        workScope = TestScope(createdAt: createdAt)
        expected = viewModel.outputs
        lastSeen = expected
        contract = ContractCheck(layout: .of(expected, noteAt: createdAt))
        followsRows = !contract.layout.rowsProperties.isEmpty
        recorder = spy.recorder
        recorder.bind { [weak viewModel] target in
            guard let viewModel else { return false }
            target.initialize(to: viewModel.outputs)
            return true
        }
        // Only for outputs with rows: the readers' array looks up generic metadata, for every tester.
        if followsRows { recorder.followRows(contract.rowChangesReaders) }
        if let delegate = spy as? Model.Delegate {
            viewModel.delegate = delegate
        } else {
            spyIsNotTheDelegate = true
            FailureReporter.fail(
                """
                \(Spy.self) cannot be the delegate of \(Model.self): it does not conform to \(Model.Delegate.self). \
                This tester checks nothing else.
                To fix: give the tester a spy that conforms to the ViewModel's delegate protocol and to DelegateSpy \
                (ReloadSpy fits only a delegate that is just ReloadDelegate<\(Outputs.self)>).
                """,
                at: createdAt
            )
        }
        LiveTesters.testerDidStart(self)  // so that a leak's failure can name the tester that holds its object
    }

    deinit {
        if MainActorCheck.isOnMainActor {
            MainActor.assumeIsolated { endAsReleased() }
        } else if !isFinished, !spyIsNotTheDelegate {
            Self.reportFreedOffTheMainActor(createdAt: createdAt)
        }
        if !hasReleasedViewModel { heldViewModel.release() }
    }

    /// A tester freed off the main actor cannot run its end-of-test checks, which read the ViewModel on the main
    /// actor: that fails the test instead of passing it unchecked.
    private nonisolated static func reportFreedOffTheMainActor(createdAt: FailureLocation) {
        FailureReporter.fail(
            """
            The ViewModelTester<\(Model.self), \(Spy.self)> made here was freed off the main actor, so its \
            end-of-test checks (delegate calls not asserted, outputs changed without a reload, unfinished work) did \
            not run.
            To fix: keep the tester on the main actor: make the test (or its XCTestCase) @MainActor and the tester a \
            local of the test, never captured by a Task.detached or a closure another thread frees; or end it with \
            `await tester.finish()` on the main actor.
            """,
            at: createdAt)
    }

    /// Every delegate call so far, one per line, with the inputs that caused them, for a golden-file assertion
    /// (see ``assertGolden(_:matches:fileID:filePath:line:column:)``).
    public var log: String {
        collect()
        return history.render(stepName: stepName)
    }

    // MARK: - Inputs

    /// Sends one input and asserts its reload.
    ///
    /// Fails when the outputs after the input differ from the expected change applied to the outputs before it
    /// (a field-by-field diff is shown), and on any contract violation. Other delegate calls the input made wait
    /// for ``receive(_:timeout:fileID:filePath:line:column:)->()``.
    ///
    /// Failures name the input by the code at the call site, read from the test's source: `{ $0.login() }` is
    /// named `login()`, in backticks. To name it yourself, use ``send(_:_:outputs:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - input: Calls one input method, as the view would: `{ $0.usernameDidChange("dim") }`.
    ///   - change: Edits the outputs as the input should; omit it when the input should change nothing.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func send(
        _ input: (Model) -> Void,
        outputs change: (inout Outputs) -> Void = { _ in },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        send(named: .code(at: location), input, outputs: change, at: location)
    }

    /// Sends one input, named by the test, and asserts its reload.
    ///
    /// The name replaces the code in failure messages and in ``log``: useful in a helper that sends for its
    /// caller, where the code would be the helper's. Pass the caller's location on, so failures point at the
    /// caller's line:
    ///
    /// ```swift
    /// func typeUsername(
    ///     _ text: String, into tester: ViewModelTester<LoginViewModel, LoginSpy>,
    ///     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    ///     line: UInt = #line, column: UInt = #column
    /// ) {
    ///     tester.send(
    ///         "types the username \(text.debugDescription)",
    ///         { $0.usernameDidChange(text) },
    ///         fileID: fileID, filePath: filePath, line: line, column: column)
    /// }
    /// ```
    ///
    /// A helper that passes its caller's location on but no name gets the caller's code as the name, such as
    /// `typeUsername("dim", into: tester)`, in backticks.
    ///
    /// - Parameters:
    ///   - name: What the input is, as failures should say it: "types a short name".
    ///   - input: Calls one input method, as the view would.
    ///   - change: Edits the outputs as the input should; omit it when the input should change nothing.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func send(
        _ name: String,
        _ input: (Model) -> Void,
        outputs change: (inout Outputs) -> Void = { _ in },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        send(named: .named(name), input, outputs: change, at: location)
    }

    /// Sends one input under a name of the caller's: the body of both public `send`s, and the explorer's step.
    ///
    /// Nothing here builds a message or names the input unless a check fails: a passing `send` costs little more
    /// than the input itself (the Performance article has the figures).
    func send(
        named label: InputLabel, _ input: (Model) -> Void, outputs change: (inout Outputs) -> Void,
        at location: FailureLocation
    ) {
        guard !spyIsNotTheDelegate else { return }
        failOnUnasserted(before: label, at: location)
        snapshots.before.initialize(to: viewModel.outputs)
        defer { snapshots.before.deinitialize(count: 1) }
        history.append(input: label)
        SharedChanges.isSending = true
        if WorkRegistry.shared.isFollowingWork {
            // Async work the input starts (in a Task it makes, which inherits the task-local) is tied to it.
            sendTiedToWork(label, input, at: location)
        } else {
            input(viewModel)
        }
        SharedChanges.isSending = false
        // A shared state changed in the input itself, while no fake tied the input's work to it.
        if SharedChanges.hasUnclaimedChange { claimSharedChanges(for: label, at: location) }
        snapshots.after.initialize(to: viewModel.outputs)
        defer { snapshots.after.deinitialize(count: 1) }
        // Messages name the input through `currentInput`: a closure that captures the label, a value of several words,
        // gets a context on the heap; one that captures only `self` does not.
        currentInput = label
        lastInputLocation = location
        let event = { self.text(of: self.currentInput) }
        var changes = ChangePositions()
        var rowChanges: [RowChanges] = []
        let reload = recorder.takeOnlyReload(
            handed: snapshots.handed, own: snapshots.own, changes: &changes, rowChanges: &rowChanges)
        if reload == .none, !recorder.hasCalls {
            // No call at all: nothing may have changed.
            contract.checkNoChange(
                from: snapshots.before, to: snapshots.after, subject: event, when: nil, at: location)
            lastSeen = snapshots.after.pointee
        } else if reload == .none {
            checkCalls(from: snapshots.before.pointee, to: snapshots.after.pointee, event: event, at: location)
        } else {
            // The usual input: one reload, nothing else, checked where the snapshots lie.
            defer { snapshots.handed.deinitialize(count: reload == .handedAndOwn ? 2 : 1) }
            history.append(reload: changes, outputs: snapshots.handed)
            contract.check(
                reload: ChangeSet(changes), rowChanges: rowChanges, shown: snapshots.handed, own: snapshots.own,
                isOwnKnown: reload == .handedAndOwn, from: snapshots.before, to: snapshots.after, event: event,
                at: location)
            lastSeen = snapshots.after.pointee
        }
        checkOutputs(
            snapshots.after, change: change, event: { "After \(self.text(of: self.currentInput))" }, at: location)
    }

    /// Runs an input with the task-local ``WorkOrigin/current`` naming it, so that a call to a ``PendingCalls`` or
    /// a sleep on a ``ManualClock`` it starts, now or in a `Task` it makes, names the input and the test's line.
    /// Out of line: binding a task-local is costly, and only a send made while a fake or clock is alive pays for it.
    @inline(never)
    private func sendTiedToWork(_ label: InputLabel, _ input: (Model) -> Void, at location: FailureLocation) {
        let marker = workScope.inputMarkers.make(input: label, location: location)
        WorkOrigin.$current.withValue(
            WorkOrigin(scope: workScope, input: label, location: location, marker: marker)
        ) {
            input(viewModel)
        }
    }

    @inline(never)
    private func claimSharedChanges(for label: InputLabel, at location: FailureLocation) {
        SharedChanges.shared.claim(for: workScope, input: label, location: location)
    }

    /// Checks the calls an input made when they are not just one reload: any number of reloads, other calls (kept
    /// for ``receive(_:timeout:fileID:filePath:line:column:)->()``), calls off the main thread.
    private func checkCalls(
        from before: Outputs, to after: Outputs, event: () -> String, at location: FailureLocation
    ) {
        var reloads: [ContractCheck<Outputs>.Reload] = []
        for call in collect() {
            if case .reload(let names, let outputs, let own) = call {
                reloads.append(.init(names, outputs: outputs, viewModelOutputs: own))
            } else {
                pending.append(call)
            }
        }
        checkContract(reloads, from: before, to: after, event: event, at: location)
    }

    /// An input's name in messages.
    func text(of label: InputLabel) -> String {
        label.text(stepName: stepName)
    }

    // MARK: - Settling

    /// Waits until the work the ViewModel started has run as far as it can: every task it started has finished or
    /// waits on something the test controls (a ``PendingCalls`` call, a ``ManualClock`` sleep), and a turn of the
    /// main actor changes nothing more. Then checks that no output changed without a reload.
    ///
    /// This is how a test waits for an effect that changes nothing on screen, where TCA's `store.receive` would
    /// wait for the effect's action: settle, then assert what the work did (the call it made, the sleep it
    /// started) with the fake or the clock. Calls that arrived wait for ``receiveReload(timeout:outputs:fileID:filePath:line:column:)``
    /// and ``receive(_:timeout:fileID:filePath:line:column:)->()`` as before.
    ///
    /// It sees every task the toolkit's `InFlightTask` and `Debouncer` start, and runs the nonisolated code of those
    /// tasks on the main queue, in the same order every time. Work started with a plain `Task { }` is seen only
    /// through the fakes, clocks and delegate calls it touches, and a turn through the global executor lets what
    /// left the main actor come back.
    ///
    /// - Parameters:
    ///   - timeout: How long the work may keep running, at most: a bound on a hung test, not a delay.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func settle(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await settle(
            timeout: timeout ?? self.timeout,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// ``settle(timeout:fileID:filePath:line:column:)`` at a location of the caller's: the body of the public one,
    /// and the contract explorer's after each step.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most; the tester's ``timeout`` when `nil`.
    ///   - throughGlobalExecutor: Whether the work's last turn goes through the global executor (see
    ///     `WorkWatch.settle`): always for the public one; for the explorer's settle after an input, only while a
    ///     task its sequence started is left. Asked once the main actor's turns have settled.
    ///   - location: Where failures point.
    func settle(
        timeout: Duration? = nil, throughGlobalExecutor: @autoclosure () -> Bool = true, at location: FailureLocation
    ) async {
        await settle(throughGlobalExecutor: throughGlobalExecutor(), timeout: timeout ?? self.timeout, at: location)
        checkSettled(at: location)
        // A parent's settle checks the children linked to it too: their work is part of the screen's.
        for link in links { link.settled(from: self, at: location) }
    }

    /// The checks after the work settled: calls made off the main thread, and no output changed since the last
    /// reload without one.
    func checkSettled(at location: FailureLocation) {
        guard !spyIsNotTheDelegate else { return }
        pending.append(contentsOf: collect())
        _ = reportOffMain(recorder.takeOffMainCalls(), event: { "While the work settled, the ViewModel" }, at: location)
        var seen = lastSeen
        var reloaded = false
        for call in pending {
            if case .reload(_, let outputs, _) = call {
                seen = outputs
                reloaded = true
            }
        }
        let now = viewModel.outputs
        contract.checkNoChange(
            from: seen, to: now, subject: { "Work that ran while the test settled" }, when: nil, at: location)
        // What was reported is not reported again; reloads still waiting for the test keep their baseline.
        if !reloaded {
            lastSeen = now
            expected = now
        }
    }

    /// Settles, and fails naming the work still running when it does not settle in time.
    func settle(
        throughGlobalExecutor: @autoclosure () -> Bool, timeout: Duration, at location: FailureLocation
    ) async {
        guard await !WorkWatch.shared.settle(throughGlobalExecutor: throughGlobalExecutor(), timeout: timeout) else {
            return
        }
        let running = WorkWatch.shared.runningWork(startedIn: workScope)
        FailureReporter.fail(
            """
            The ViewModel's work was still running after \(timeout)\
            \(running.isEmpty ? "." : ":\n" + running.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
            To fix: make its async work wait only on what the test controls (a PendingCalls, a ManualClock), never \
            on a real clock or a loop that does not end.
            """,
            at: location)
    }

    /// Lets the ViewModel's work settle (see ``settle(timeout:fileID:filePath:line:column:)``), then asserts that
    /// nothing is left unasserted or unfinished: no delegate call (every call that arrived since the last assertion
    /// is listed), no output changed without a reload, and (unless ``checksUnfinishedWork`` is `false`) no call to a
    /// ``PendingCalls`` or sleep on a ``ManualClock`` that started during the test and still waits.
    ///
    /// The tester does the same checks by itself when it is freed, without the wait; call this when the tester
    /// outlives the test, or when the test's last step (an answer, a clock advance) resumed work whose mistakes
    /// must not go unseen. It checks once: later calls, and the tester's end, check nothing more.
    ///
    /// - Parameters:
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func finish(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard beginEnd() else { return }
        await settle(throughGlobalExecutor: true, timeout: timeout, at: location)
        checkEnd(at: location, reason: "at finish()")
        let group = workScope.root.group
        if checksUnfinishedWork {
            // The tester's own work and that of the testers linked below it, with the ViewModels alive.
            group.didReport(
                UnfinishedWorkCheck.reportAtEnd(
                    of: workScope, when: "at finish()", stepName: stepName, skipping: group.reported, at: location))
        }
        if group.memberEnds(root: workScope.root, checksUnfinishedWork: checksUnfinishedWork), group.checksWork {
            // The last of a group of linked testers: the rest of the group's work too.
            UnfinishedWorkCheck.reportAtEnd(
                of: workScope.root, when: "at finish()", stepName: stepName, skipping: group.reported, at: location)
        }
        workScope.close()
    }

    // MARK: - For the explorer

    /// The end of an explored sequence, which has just settled: the calls and outputs are checked, as the tester
    /// does when it ends with the printed test (the explorer checks unfinished work once the ViewModel is freed).
    func finish(at location: FailureLocation) async {
        guard beginEnd() else { return }
        checkEnd(at: location, reason: "by the end of the test")
        _ = workScope.root.group.memberEnds(root: workScope.root, checksUnfinishedWork: false)
        workScope.close()
    }

    /// Receives, as ``receiveReload(timeout:outputs:fileID:filePath:line:column:)`` does with no expected change,
    /// each reload that has arrived, skipping other calls; for the contract explorer, whose printed test does the
    /// same.
    ///
    /// - Returns: How many reloads it received.
    func receiveArrivedReloads(at location: FailureLocation) async -> Int {
        pending.append(contentsOf: collect())
        var received = 0
        while pending.contains(where: { if case .reload = $0 { true } else { false } }) {
            await receiveReload(
                outputs: { _ in }, fileID: location.fileID, filePath: location.filePath, line: location.line,
                column: location.column)
            received += 1
        }
        return received
    }

    // MARK: - Checks

    /// The end as the tester is freed: the calls and outputs, then the work still running while the ViewModel is
    /// alive (an answer its caller has not taken, a toolkit task that can still run: the test ended before it could
    /// see what they do), then, once the ViewModel is let go, the work still waiting on a fake or a clock. Work the
    /// ViewModel cancels as it is freed ended with its screen: a note lists it, and only what still waits fails.
    ///
    /// Linked testers (a list's and its rows', a screen's and the one it pushed) are one group: the work checks run
    /// once, when the last of them ends, for the work of them all, once every ViewModel of the group is let go (see
    /// ``TesterGroup``).
    private func endAsReleased() {
        guard beginEnd() else { return }
        let reason = "by the end of the test"
        checkEnd(at: createdAt, reason: reason)
        let root = workScope.root
        let group = root.group
        let isLast = group.memberEnds(root: root, checksUnfinishedWork: checksUnfinishedWork)
        let checksWork = isLast && group.checksWork
        let location = root.createdAt
        if checksWork { UnfinishedWorkCheck.reportRunning(of: root, when: reason, stepName: stepName, at: location) }
        let released = WeakReference<AnyObject>(viewModel)
        hasReleasedViewModel = true
        heldViewModel.release()
        group.released(released)
        defer { workScope.close() }
        guard checksWork else { return }
        if group.everyViewModelIsFreed {
            UnfinishedWorkCheck.reportAfterRelease(
                of: root, end: "of the test", stepName: stepName, skipping: group.reported, at: location)
            let waitingAfter = WorkRegistry.shared.unfinishedWork(startedIn: root).map(\.what)
            UnfinishedWorkCheck.noteCancelledOnRelease(
                group.waitingBefore.filter { !waitingAfter.contains($0.what) }, stepName: stepName, at: location)
        } else {
            UnfinishedWorkCheck.reportAtEnd(
                of: root, when: reason, stepName: stepName, skipping: group.reported, at: location)
        }
    }

    /// Checks the calls that arrived since the last assertion, each reload against the contract, and that no output
    /// changed without a reload since the last one.
    /// Marks the tester ended; `false` when it already was (its end checks run once), or when its spy is not the
    /// ViewModel's delegate (it checks nothing).
    private func beginEnd() -> Bool {
        guard !isFinished, !spyIsNotTheDelegate else { return false }
        isFinished = true
        return true
    }

    private func checkEnd(at location: FailureLocation, reason: String) {
        if !links.isEmpty { absorbSharedReloads(at: location) }
        pending.append(contentsOf: collect())
        _ = reportOffMain(
            recorder.takeOffMainCalls(), event: { "After the last assertion, the ViewModel" }, at: location)
        for call in pending {
            guard case .reload(let names, let outputs, let own) = call else { continue }
            checkContract(
                [.init(names, outputs: outputs, viewModelOutputs: own)], from: lastSeen, to: outputs,
                event: { "A reload that arrived after the last assertion" }, at: location)
        }
        reportUnasserted(unassertedCalls, when: reason, at: location)
        pending.removeAll()
        reportUnassertedRecordedCalls(when: reason, at: location)
        reportUnassertedSharedChanges(when: reason, at: location)
        contract.checkNoChange(
            from: lastSeen, to: viewModel.outputs, subject: { "The outputs" }, when: reason, at: location)
    }

    func checkOutputs(
        _ actual: UnsafePointer<Outputs>, change: (inout Outputs) -> Void, event: () -> String,
        at location: FailureLocation
    ) {
        var wanted: Outputs
        switch strictness {
        case .exhaustive: wanted = expected
        case .partial: wanted = actual.pointee
        }
        change(&wanted)
        // With rows, the outputs are compared by the tester's own reckoning: the rows' `==` may be wrong.
        let differ =
            followsRows ? !contract.layout.changes(from: wanted, to: actual.pointee).isEmpty : wanted != actual.pointee
        // Expecting a NaN and getting one is what the test expected, though the outputs' `==` says they differ.
        if differ, !withUnsafePointer(to: wanted, { contract.layout.holdTheSameValues($0, actual) }) {
            let actual = actual.pointee
            let diff = StructuralDiff.render(expected: wanted, actual: actual) ?? "\(actual)"
            FailureReporter.fail(
                """
                \(event()), the outputs are not what the test expected:
                \(diff)
                (−: expected, +: actual)
                To fix: if the ViewModel is right, make the test's expected change produce the + lines.
                """,
                at: location
            )
        }
        expected = actual.pointee
        if !links.isEmpty { shareRows(at: location) }
    }

    /// The reload rules for one event, and the main-thread rule for every delegate call it made.
    func checkContract(
        _ reloads: [ContractCheck<Outputs>.Reload],
        from before: Outputs,
        to after: Outputs,
        event: () -> String,
        at location: FailureLocation
    ) {
        defer { lastSeen = after }
        // A reload off the main thread is reported once, as that; the outputs it carried are not checked again.
        guard !reportOffMain(recorder.takeOffMainCalls(), event: event, at: location) else { return }
        contract.check(reloads, from: before, to: after, event: event, at: location)
    }

    // MARK: - Calls

    /// Moves recorded calls into the log; returns the newly recorded ones.
    @discardableResult
    func collect() -> [RecordedCall<Outputs, Event>] {
        let calls = recorder.takeCalls()
        history.append(calls)
        return calls
    }

    /// Fails once for each call made off the main thread. After a reload off it, the outputs now count as shown,
    /// so the same slip is not reported again as a change without a reload.
    ///
    /// - Returns: Whether one of the calls was a reload.
    func reportOffMain(_ calls: [OffMainCall], event: () -> String, at location: FailureLocation) -> Bool {
        guard !calls.isEmpty else { return false }
        let hasReload = calls.contains { $0.isReload }
        if hasReload { lastSeen = viewModel.outputs }
        for call in calls.map(\.description) {
            history.append(offMainCall: call)
            FailureReporter.fail(
                """
                \(event()) called the delegate off the main thread: \(call).
                To fix: make the ViewModel and its delegate protocol @MainActor, and call the delegate only from \
                main-actor code (look for Task.detached, callbacks on other queues, and @preconcurrency or Swift 5 \
                mode code).
                """,
                at: location
            )
        }
        return hasReload
    }

    /// The calls waiting that the test still has to assert: not named by a failure already (see
    /// ``pendingReported``), and not of a kind it ignores.
    var unassertedCalls: [RecordedCall<Outputs, Event>] {
        let rest = pending.dropFirst(pendingReported)
        guard !ignoredEvents.isEmpty else { return Array(rest) }
        return rest.filter { !isIgnored($0) }
    }

    /// Whether a call is of a kind the test ignores (see ``ignoreEvents(where:)``).
    func isIgnored(_ call: RecordedCall<Outputs, Event>) -> Bool {
        guard case .event(let event) = call else { return false }
        return ignoredEvents.contains { $0(event) }
    }

    private func failOnUnasserted(before input: InputLabel, at location: FailureLocation) {
        if hasPending || recorder.hasCalls { reportUnasserted(before: input, at: location) }
    }

    @inline(never)
    private func reportUnasserted(before input: InputLabel, at location: FailureLocation) {
        collect().forEach { pending.append($0) }
        reportUnasserted(unassertedCalls, when: "before \(text(of: input))", at: location)
        for call in pending {
            if case .reload(_, let outputs, _) = call { lastSeen = outputs }
        }
        if !pending.isEmpty { expected = viewModel.outputs }
        pending.removeAll()
    }

    /// Reports calls nobody asserted, as strictness says. `when` is worked out only for a report: an input's name
    /// can cost a read of the test's source.
    private func reportUnasserted(
        _ calls: [RecordedCall<Outputs, Event>], when: @autoclosure () -> String, at location: FailureLocation
    ) {
        guard !calls.isEmpty, strictness != .partial(showingSkipped: false) else { return }
        let when = when()
        let list = calls.map { "  \($0)" }.joined(separator: "\n")
        switch strictness {
        case .exhaustive:
            FailureReporter.fail(
                """
                \(calls.count) delegate call\(calls.count == 1 ? " was" : "s were") not asserted \(when):
                \(list)
                To fix: assert each with receive(_:) or receiveReload(outputs:) (receive(inAnyOrder:) takes \
                several in any order); for a kind of call the test does not care about (focus, keyboard), \
                tester.ignoreEvents(where:); or set strictness = .partial.
                """,
                at: location
            )
        case .partial(showingSkipped: true):
            FailureReporter.note("Skipped \(calls.count) delegate call(s) \(when):\n\(list)", at: location)
        case .partial(showingSkipped: false):
            break
        }
    }
}
