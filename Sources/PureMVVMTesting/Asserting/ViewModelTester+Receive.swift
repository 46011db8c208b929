internal import Foundation
import PureMVVM

extension ViewModelTester {
    // MARK: - Receiving delegate calls

    /// Waits for the next reload and asserts it shows the expected change.
    ///
    /// Reloads are received in the order they came. A call of another kind before the reload fails the test (unless
    /// ``strictness`` is partial, or the call is of a kind ``ignoreEvents(where:)`` ignores) and stays for the
    /// receive that takes it, so the next receive does not fail for the same slip.
    ///
    /// The wait ends as soon as no reload can come: when every task the test's inputs started has ended or waits on
    /// something the test controls (a ``PendingCalls`` call, a ``ManualClock`` sleep), the receive fails at once,
    /// naming what waits. The timeout bounds only work that is still running.
    ///
    /// - Parameters:
    ///   - timeout: How long work that still runs may take to make the reload, at most; ``timeout`` by default.
    ///   - change: Edits the outputs as the reload should.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receiveReload(
        timeout: Duration? = nil,
        outputs change: (inout Outputs) -> Void = { _ in },
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        guard !spyIsNotTheDelegate else { return }
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let found = await takeCall(wanted: "a reload", timeout: timeout ?? self.timeout, at: location) { call in
            if case .reload(let names, let outputs, let own) = call { (names, outputs, own) } else { nil }
        }
        guard let (names, outputs, own) = found else { return }
        checkContract(
            [.init(names, outputs: outputs, viewModelOutputs: own)],
            from: lastSeen, to: outputs, event: { "An asynchronous reload" }, at: location)
        withUnsafePointer(to: outputs) { outputs in
            checkOutputs(outputs, change: change, event: { "After the asynchronous reload" }, at: location)
        }
    }

    /// Waits for the next delegate call other than a reload and asserts it is `event`, such as `.home(user)` or
    /// `.alert(alert)`.
    ///
    /// A call that came before it and is not `event` fails the test, as the calls came in another order (unless
    /// ``strictness`` is partial, or ``ignoreEvents(where:)`` ignores its kind); it stays for the receive that takes
    /// it, so the next receive does not fail for the same slip. As with
    /// ``receiveReload(timeout:outputs:fileID:filePath:line:column:)``, the wait ends as soon as no call can come.
    ///
    /// - Parameters:
    ///   - event: The call expected, as the spy records it.
    ///   - timeout: How long work that still runs may take to make the call, at most; ``timeout`` by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive(
        _ event: Event,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        guard !spyIsNotTheDelegate else { return }
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let wanted = "`\(RecordedCall<Outputs, Event>.event(event))`"
        _ = await takeCall(wanted: wanted, expecting: event, timeout: timeout ?? self.timeout, at: location) { call in
            if case .event(let received) = call, received == event { () } else { nil }
        }
    }

    /// Waits for the next delegate call from which `extract` takes a value, and returns it: the next screen's
    /// ViewModel from a navigation that hands one over, where the event cannot be written out to compare.
    ///
    /// ```swift
    /// let detail = try XCTUnwrap(await orders.receive {
    ///     if case .orderDetail(let viewModel) = $0 { viewModel } else { nil }
    /// })
    /// let detailTester = ViewModelTester(detail, spy: OrderDetailSpy())
    /// ```
    ///
    /// `extract` is asked once about each call. A call before the one it takes fails the test as in
    /// ``receive(_:timeout:fileID:filePath:line:column:)->()``, and stays for its own receive; the value is still
    /// returned, so the test can go on. Fails, returning `nil`, when no call it takes can come.
    ///
    /// - Parameters:
    ///   - extract: Takes the value from the event expected; `nil` for any other event.
    ///   - timeout: How long work that still runs may take to make the call, at most; ``timeout`` by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    /// - Returns: The value taken from the event, or `nil` after a failure.
    public func receive<Value>(
        _ extract: (Event) -> Value?,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Value? {
        guard !spyIsNotTheDelegate else { return nil }
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await takeCall(wanted: "the event the test looks for", timeout: timeout ?? self.timeout, at: location) {
            call in
            if case .event(let received) = call { extract(received) } else { nil }
        }
    }

    /// Waits until each of `events` has come, and takes them in whatever order they came: calls whose order does
    /// not matter, such as a form's focus and its keyboard.
    ///
    /// ```swift
    /// tester.send { $0.viewDidAppear() }
    /// await tester.receive(inAnyOrder: [.focus(.email), .keyboard(.shown)])
    /// ```
    ///
    /// Each event is matched once, so the same event listed twice wants two calls. A call among them that is none of
    /// them fails the test as in ``receive(_:timeout:fileID:filePath:line:column:)->()`` and stays for its own
    /// receive; events that cannot come fail it, listed.
    ///
    /// - Parameters:
    ///   - events: The calls expected, in any order.
    ///   - timeout: How long work that still runs may take to make them, at most; ``timeout`` by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive(
        inAnyOrder events: [Event],
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        guard !spyIsNotTheDelegate, !events.isEmpty else { return }
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let wanted = {
            "\(events.map { "`\(RecordedCall<Outputs, Event>.event($0))`" }.joined(separator: ", ")) in any order"
        }
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        var sawOffMain = false
        while true {
            sawOffMain = collectWhileWaiting(for: wanted, at: location) || sawOffMain
            var missing = events
            var matched: [Int] = []
            for (index, call) in pending.enumerated() where !missing.isEmpty {
                guard case .event(let received) = call, let place = missing.firstIndex(of: received) else { continue }
                missing.remove(at: place)
                matched.append(index)
            }
            if missing.isEmpty { return take(matched, lookingFor: wanted, at: location) }
            let outcome = await waitForCalls(until: deadline)
            if case .arrived = outcome { continue }
            if !matched.isEmpty { take(matched, lookingFor: wanted, at: location) }
            guard !sawOffMain else { return }
            let list = missing.map { "`\(RecordedCall<Outputs, Event>.event($0))`" }.joined(separator: ", ")
            failNoCall(
                wanted: "\(wanted()) (\(list) did not come)", outcome: outcome, timeout: timeout ?? self.timeout,
                at: location)
            return
        }
    }

    /// Lets delegate calls of a kind pass unasserted for this tester: calls the test does not care about, such as
    /// focus and keyboard calls, while every other call is still asserted, in order.
    ///
    /// ```swift
    /// tester.ignoreEvents { if case .focus = $0 { true } else { false } }
    /// ```
    ///
    /// An ignored call is still recorded in ``log``, and a receive that asks for it still takes it; it is just never
    /// listed as not asserted, and a receive looks past it without failing. Call it more than once to ignore several
    /// kinds.
    ///
    /// - Parameter isIgnored: Whether a call, as the spy records it, is of a kind the test does not care about.
    public func ignoreEvents(where isIgnored: @escaping (Event) -> Bool) {
        ignoredEvents.append(isIgnored)
    }

    // MARK: - Finding a call

    /// Takes the first call that arrived (now, or while it waits) that `match` accepts, looking past the others as
    /// ``take(_:lookingFor:at:)`` says, and waiting while none is there and one can still come.
    ///
    /// - Parameters:
    ///   - wanted: The call expected, as messages say it.
    ///   - expecting: The event expected, for a diff with the call that came instead.
    ///   - timeout: How long work that still runs may take.
    ///   - location: Where failures point.
    ///   - match: What the receive takes from a call; `nil` for a call it does not take. Asked once per call.
    /// - Returns: What `match` took, or `nil` after a failure.
    private func takeCall<Match>(
        wanted: String, expecting: Event? = nil, timeout: Duration, at location: FailureLocation,
        match: (RecordedCall<Outputs, Event>) -> Match?
    ) async -> Match? {
        let deadline = ContinuousClock.now + timeout
        var asked = 0
        var sawOffMain = false
        while true {
            sawOffMain = collectWhileWaiting(for: { wanted }, at: location) || sawOffMain
            while asked < pending.count {
                if let value = match(pending[asked]) {
                    take([asked], lookingFor: { wanted }, at: location)
                    return value
                }
                asked += 1
            }
            let outcome = await waitForCalls(until: deadline)
            if case .arrived = outcome { continue }
            if sawOffMain, unassertedCalls.isEmpty { return nil }  // the call came off the main thread: reported
            failNoMatch(wanted: wanted, expecting: expecting, outcome: outcome, timeout: timeout, at: location)
            return nil
        }
    }

    /// Moves the calls recorded into the waiting ones, and reports those made off the main thread.
    ///
    /// - Returns: Whether one was made off the main thread.
    private func collectWhileWaiting(for wanted: () -> String, at location: FailureLocation) -> Bool {
        pending.append(contentsOf: collect())
        let offMain = recorder.takeOffMainCalls()
        if reportOffMain(offMain, event: { "While waiting for \(wanted()), the ViewModel" }, at: location) {
            expected = lastSeen  // what the reload off the main thread would have shown, reported once
        }
        return !offMain.isEmpty
    }

    /// Takes the waiting calls at `taken` out, asserted, and deals with the others before the last of them, which
    /// the receive looked past: a call of a kind the test ignores goes; a call a failure named already stays; any
    /// other fails the test once when ``strictness`` is exhaustive (the calls came in another order) and stays,
    /// named, for the receive that takes it; when partial, it is skipped (with a note when asked).
    ///
    /// - Parameters:
    ///   - taken: Positions in `pending`, in order.
    ///   - wanted: The calls expected, as messages say them.
    ///   - location: Where failures point.
    func take(_ taken: [Int], lookingFor wanted: () -> String, at location: FailureLocation) {
        guard let last = taken.last else { return }
        var kept: [RecordedCall<Outputs, Event>] = []
        var named = 0
        var others: [RecordedCall<Outputs, Event>] = []
        for (index, call) in pending.enumerated() {
            if taken.contains(index) { continue }
            if index > last {
                kept.append(call)
                continue
            }
            if index < pendingReported {
                kept.append(call)
            } else if isIgnored(call) {
                continue
            } else if strictness == .exhaustive {
                others.append(call)
                kept.append(call)
            } else {
                skipped(call, lookingFor: wanted, at: location)
                continue
            }
            named += 1
        }
        pending = kept
        pendingReported = named
        guard !others.isEmpty else { return }
        let list = others.map { "`\($0)`" }.joined(separator: ", ")
        FailureReporter.fail(
            """
            Expected \(wanted()), but the delegate calls came in another order: \(list) came first.
            To fix: if the ViewModel is right, assert \(others.count == 1 ? "it" : "them") first, in the order they \
            came; receive(inAnyOrder:) takes calls whose order does not matter, tester.ignoreEvents(where:) lets a \
            kind of call the test does not care about pass, and strictness = .partial skips every call not asserted. \
            (\(others.count == 1 ? "It waits" : "They wait") for \(others.count == 1 ? "its" : "their") own receive.)
            """,
            at: location)
    }

    /// A call skipped while looking for another, when ``strictness`` is partial: a note when asked. A skipped reload
    /// still counts as shown.
    private func skipped(
        _ call: RecordedCall<Outputs, Event>, lookingFor wanted: () -> String, at location: FailureLocation
    ) {
        if case .reload(_, let outputs, _) = call {
            expected = outputs
            lastSeen = outputs
        }
        if case .partial(showingSkipped: true) = strictness {
            FailureReporter.note("Skipped \(call) while waiting for \(wanted()).", at: location)
        }
    }

    /// Fails a receive whose call cannot come, or did not come in time. When exhaustive and another call waits, it
    /// names that call (with a diff from the event expected) and leaves it for its own receive; otherwise it says why
    /// no call can come.
    private func failNoMatch(
        wanted: String, expecting: Event?, outcome: WaitOutcome, timeout: Duration, at location: FailureLocation
    ) {
        let next = (pendingReported..<pending.count).first { !isIgnored(pending[$0]) }
        guard strictness == .exhaustive, let next else {
            if strictness != .exhaustive {
                let skippedCalls = pending[pendingReported...].filter { !isIgnored($0) }
                pending.removeSubrange(pendingReported...)
                for call in skippedCalls { skipped(call, lookingFor: { wanted }, at: location) }
            }
            return failNoCall(wanted: wanted, outcome: outcome, timeout: timeout, at: location)
        }
        let call = pending[next]
        // The ignored calls before it go; it and the calls named before it stay, named.
        var kept = Array(pending[..<pendingReported])
        kept.append(contentsOf: pending[pendingReported...next].filter { !isIgnored($0) })
        let named = kept.count
        kept.append(contentsOf: pending[(next + 1)...])
        pending = kept
        pendingReported = named
        let noOther = outcome.isTimedOut ? "no other came within \(timeout)" : "no other can come"
        let ways = """
            receive(inAnyOrder:) takes calls whose order does not matter, tester.ignoreEvents(where:) lets a kind of \
            call the test does not care about pass, and strictness = .partial skips every call not asserted.
            """
        if let expecting, case .event(let received) = call {
            let diff = StructuralDiff.render(expected: expecting, actual: received) ?? "\(received)"
            FailureReporter.fail(
                """
                The delegate call is not the one the test expected (\(noOther)):
                \(diff)
                (−: expected, +: actual)
                To fix: if the ViewModel is right, expect `\(call)`; \(ways)
                """,
                at: location)
        } else {
            FailureReporter.fail(
                """
                Expected \(wanted), but the next delegate call was `\(call)`, and \(noOther).
                To fix: if the ViewModel is right, assert `\(call)` first; \(ways)
                """,
                at: location)
        }
    }

    /// Fails a receive for which no call came: why none can come, or what still ran when the time was up.
    func failNoCall(wanted: String, outcome: WaitOutcome, timeout: Duration, at location: FailureLocation) {
        let since =
            lastInputLocation.map { "after \(text(of: currentInput)) (\($0.shortDescription))" }
            ?? "since the tester was made (\(createdAt.shortDescription))"
        FailureReporter.fail(
            outcome.message(
                noCall: "Expected \(wanted), but the ViewModel made no delegate call \(since)", timeout: timeout,
                stepName: stepName,
                advice: """
                    check that the ViewModel calls its delegate for that input: a call it makes in the input itself \
                    has arrived when send returns, and one its async work makes arrives once that work gets so far.
                    """),
            at: location)
    }

    // MARK: - Waiting

    /// Waits until a delegate call arrives, as long as one can: see ``waitForProgress(until:arrived:events:)``.
    private func waitForCalls(until deadline: ContinuousClock.Instant) async -> WaitOutcome {
        await waitForProgress(until: deadline, arrived: { recorder.hasCalls }, events: recorder.arrivals)
    }

    /// Lets the work the test started run until `arrived` says what the test waits for is there, or until nothing
    /// the test started can still bring it: every toolkit task has ended or waits on a fake or a clock, no answer
    /// waits to be taken, and every task a send started either has ended or belongs to a send that has a call or a
    /// sleep waiting (see ``InputMarker``). Work still running is waited for until `deadline`.
    ///
    /// - Parameters:
    ///   - deadline: When to stop waiting for work still running.
    ///   - arrived: Whether what the test waits for is there.
    ///   - events: Signalled when something the test may wait for arrives.
    /// - Returns: Whether it arrived, why it cannot, or what still ran when the time was up.
    func waitForProgress(
        until deadline: ContinuousClock.Instant, arrived: () -> Bool, events: EventCount
    ) async -> WaitOutcome {
        let group = workScope.root
        while true {
            if arrived() { return .arrived }
            let remaining = ContinuousClock.now.duration(to: deadline)
            let settled =
                remaining > .zero
                ? await WorkWatch.shared.settle(throughGlobalExecutor: true, timeout: remaining, until: arrived) : false
            if arrived() { return .arrived }
            let alive = aliveTasks(waiting: WorkRegistry.shared.unfinishedWork(startedIn: group))
            guard settled else {
                return .timedOut(
                    running: WorkWatch.shared.runningWork(startedIn: group).map { $0.line(stepName: stepName) }
                        + alive.map(aliveLine))
            }
            guard !alive.isEmpty else {
                return .cannotCome(waiting: WorkRegistry.shared.unfinishedWork(startedIn: group))
            }
            // A task the tester does not see into is alive: wait a little for it, then look again.
            let seen = events.current
            if arrived() { return .arrived }
            _ = await events.wait(
                past: seen, timeout: min(ContinuousClock.now.duration(to: deadline), .milliseconds(10)))
        }
    }

    /// The markers of sends with a task still alive and nothing waiting on a fake or a clock: work that may still
    /// do something the tester cannot see coming.
    private func aliveTasks(waiting: [UnfinishedWork]) -> [InputMarker] {
        let held = workScope.inputMarkers.held()
        guard !held.isEmpty else { return [] }
        let waitingSends = Set(waiting.compactMap(\.origin.markerID))
        return held.filter { !waitingSends.contains(ObjectIdentifier($0)) }
    }

    private func aliveLine(_ marker: InputMarker) -> String {
        "  - a task started during \(text(of: marker.input)) (\(marker.location.shortDescription)) is still alive, "
            + "waiting on none of the test's fakes or clocks (a real clock, a stream, another task?)."
    }
}

/// What a wait for the ViewModel to do something found.
enum WaitOutcome {
    /// It came.
    case arrived
    /// Nothing the test started can still bring it; `waiting` is the work that waits on the test (a call, a sleep),
    /// empty when nothing does.
    case cannotCome(waiting: [UnfinishedWork])
    /// The time ran out while work still ran, each as a line of the failure.
    case timedOut(running: [String])

    var isTimedOut: Bool {
        if case .timedOut = self { true } else { false }
    }

    /// The failure's message, for a wait that did not get what it waited for.
    ///
    /// - Parameters:
    ///   - noCall: What did not happen, such as "Expected `home(…)`, but the ViewModel made no delegate call after
    ///     `login()` (LoginTests.swift:42)".
    ///   - timeout: How long work could run.
    ///   - stepName: Names a contract explorer's step.
    ///   - advice: What to check when no work waits at all.
    @MainActor
    func message(noCall: String, timeout: Duration, stepName: ((Int) -> String)?, advice: String) -> String {
        switch self {
        case .arrived:
            return noCall
        case .cannotCome(let waiting) where waiting.isEmpty:
            return """
                \(noCall), and none can come: every task the test started has ended, and nothing waits on its fakes \
                or clocks.
                To fix: \(advice)
                """
        case .cannotCome(let waiting):
            let hasSleep = waiting.contains { $0.kind == .sleep }
            let hasCall = waiting.contains { $0.kind == .call }
            let act = [
                hasCall ? "answer the call (respond(with:) or fail(with:))" : nil,
                hasSleep ? "advance the clock past the sleep (await clock.advance(by:))" : nil,
            ]
            .compactMap { $0 }.joined(separator: " or ")
            return """
                \(noCall), and none can come until the test acts: every task the test started has ended or waits on \
                something the test controls:
                \(waiting.map { $0.line(stepName: stepName) }.joined(separator: "\n"))
                To fix: \(act) before this receive; if the call should come before that, \(advice)
                """
        case .timedOut(let running):
            let list = running.isEmpty ? "." : ", while its work still ran:\n" + running.joined(separator: "\n")
            return """
                \(noCall) within \(timeout)\(list)
                To fix: make that work wait only on what the test controls (a PendingCalls, a ManualClock), never on \
                a real clock or a loop that does not end; or give it longer with the receive's timeout.
                """
        }
    }
}
