internal import Foundation

extension ViewModelTester {
    // MARK: - Calls to fire-and-forget dependencies

    /// Waits for the next call the ViewModel made to a fire-and-forget dependency (a ``CallRecorder``), and asserts
    /// it is `call`, as ``receive(_:timeout:fileID:filePath:line:column:)->()`` does for a delegate call.
    ///
    /// ```swift
    /// tester.send { $0.login() }
    /// await tester.receive(.loginTapped, from: analytics.events)
    /// ```
    ///
    /// The recorder's calls are asserted in the order they were made, apart from the delegate calls. A call made
    /// before it that is not `call` fails the test (unless ``strictness`` is partial, which skips it) and waits,
    /// named, for the receive that takes it; a call that nobody asserts fails the test when the tester ends. The
    /// wait ends as soon as no call can come, as a receive's does.
    ///
    /// - Parameters:
    ///   - call: The call expected, as the recorder records it.
    ///   - recorder: The dependency's recorder.
    ///   - timeout: How long work that still runs may take to make the call, at most; ``timeout`` by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive<Call: Equatable & Sendable>(
        _ call: Call,
        from recorder: CallRecorder<Call>,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive([call], inAnyOrder: false, from: recorder, timeout: timeout ?? self.timeout, at: location)
    }

    /// Waits until each of `calls` has been made to a fire-and-forget dependency (a ``CallRecorder``), and takes them
    /// in whatever order they were made, as ``receive(inAnyOrder:timeout:fileID:filePath:line:column:)`` does for
    /// delegate calls.
    ///
    /// - Parameters:
    ///   - calls: The calls expected, in any order.
    ///   - recorder: The dependency's recorder.
    ///   - timeout: How long work that still runs may take to make them, at most; ``timeout`` by default.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receive<Call: Equatable & Sendable>(
        inAnyOrder calls: [Call],
        from recorder: CallRecorder<Call>,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(calls, inAnyOrder: true, from: recorder, timeout: timeout ?? self.timeout, at: location)
    }

    /// Takes `calls` from the recorder: the first of them in order, or each in any order; see the public receives.
    private func receive<Call: Equatable & Sendable>(
        _ calls: [Call], inAnyOrder: Bool, from recorder: CallRecorder<Call>, timeout: Duration,
        at location: FailureLocation
    ) async {
        guard !spyIsNotTheDelegate, !calls.isEmpty else { return }
        let quoted = calls.map { "`\(Self.text(of: $0))`" }.joined(separator: ", ")
        let wanted = "\(quoted)\(inAnyOrder ? " in any order" : "") from \(recorder.name)"
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = recorder.count
            let waiting = recorder.unasserted(takeableIn: workScope.root)
            var missing = calls
            var matched: [Int] = []
            for (position, entry) in waiting.enumerated() where !missing.isEmpty {
                guard let place = missing.firstIndex(of: entry.call), inAnyOrder || place == 0 else { continue }
                missing.remove(at: place)
                matched.append(position)
            }
            if missing.isEmpty || (!matched.isEmpty && !inAnyOrder) {
                return take(matched, among: waiting, from: recorder, lookingFor: wanted, at: location)
            }
            let outcome = await waitForProgress(
                until: deadline, arrived: { recorder.count > seen }, events: recorder.arrivals)
            if case .arrived = outcome { continue }
            if !matched.isEmpty { take(matched, among: waiting, from: recorder, lookingFor: wanted, at: location) }
            let next = waiting.first { !$0.isNamed }
            if strictness == .exhaustive, let next, !inAnyOrder {
                recorder.name([next.index])
                let diff = StructuralDiff.render(expected: calls[0], actual: next.call) ?? "\(next.call)"
                FailureReporter.fail(
                    """
                    The call to \(recorder.name) is not the one the test expected \
                    (\(outcome.isTimedOut ? "no other came within \(timeout)" : "no other can come")):
                    \(diff)
                    (−: expected, +: actual)
                    To fix: if the ViewModel is right, expect `\(Self.text(of: next.call))`; \
                    receive(inAnyOrder:from:) takes calls whose order does not matter, and strictness = .partial \
                    skips calls the test does not assert.
                    """,
                    at: location)
                return
            }
            let list = missing.map { "`\(Self.text(of: $0))`" }.joined(separator: ", ")
            let since =
                lastInputLocation.map { "after \(text(of: currentInput)) (\($0.shortDescription))" }
                ?? "since the tester was made (\(createdAt.shortDescription))"
            FailureReporter.fail(
                outcome.message(
                    noCall: "Expected \(wanted)\(inAnyOrder ? " (\(list) did not come)" : ""), but "
                        + "\(recorder.name) recorded no such call \(since)",
                    timeout: timeout, stepName: stepName,
                    advice: "check that the ViewModel calls that dependency for that input."),
                at: location)
            return
        }
    }

    /// Marks the recorder's calls at `matched` (positions in `waiting`) as asserted, and deals with the calls before
    /// the last of them as a receive of delegate calls does: named and left when exhaustive, skipped when partial.
    private func take<Call>(
        _ matched: [Int], among waiting: [(index: Int, call: Call, isNamed: Bool)], from recorder: CallRecorder<Call>,
        lookingFor wanted: String, at location: FailureLocation
    ) {
        guard let last = matched.last else { return }
        recorder.assert(matched.map { waiting[$0].index })
        let others = (0..<last).filter { !matched.contains($0) && !waiting[$0].isNamed }
        guard !others.isEmpty else { return }
        switch strictness {
        case .exhaustive:
            recorder.name(others.map { waiting[$0].index })
            let list = others.map { "`\(Self.text(of: waiting[$0].call))`" }.joined(separator: ", ")
            FailureReporter.fail(
                """
                Expected \(wanted), but its calls came in another order: \(list) came first.
                To fix: if the ViewModel is right, assert \(others.count == 1 ? "it" : "them") first, in the order \
                they came; receive(inAnyOrder:from:) takes calls whose order does not matter, and strictness = \
                .partial skips calls the test does not assert.
                """,
                at: location)
        case .partial(let showingSkipped):
            recorder.assert(others.map { waiting[$0].index })
            if showingSkipped {
                let list = others.map { "`\(Self.text(of: waiting[$0].call))`" }.joined(separator: ", ")
                FailureReporter.note("Skipped \(list) while waiting for \(wanted).", at: location)
            }
        }
    }

    /// Fails once for the calls to call recorders this tester's test made and nobody asserted, as strictness says.
    func reportUnassertedRecordedCalls(when: String, at location: FailureLocation) {
        let calls = WorkRegistry.shared.takeUnassertedRecordedCalls(startedIn: workScope)
        guard !calls.isEmpty, strictness != .partial(showingSkipped: false) else { return }
        let list = calls.map { "  - \($0.what), made \($0.origin.phrase(stepName: stepName))." }
            .joined(separator: "\n")
        guard strictness == .exhaustive else {
            return FailureReporter.note("Skipped \(calls.count) recorded call(s) \(when):\n\(list)", at: location)
        }
        FailureReporter.fail(
            """
            \(calls.count) call\(calls.count == 1 ? "" : "s") to a fire-and-forget dependency \
            \(calls.count == 1 ? "was" : "were") not asserted \(when):
            \(list)
            To fix: assert each with `await tester.receive(<call>, from: <recorder>)` (receive(inAnyOrder:from:) \
            takes several in any order), or set strictness = .partial.
            """,
            at: location)
    }

    /// A recorded call as messages show it: `loginSucceeded("dimsky")`.
    private static func text<Call>(of call: Call) -> String {
        String(ValueDump(call).singleLine.trimmingPrefix("."))
    }
}
