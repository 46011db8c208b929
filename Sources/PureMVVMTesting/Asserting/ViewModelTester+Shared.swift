public import PureMVVM

extension ViewModelTester {
    // MARK: - State shared between screens

    /// Tells the tester how its outputs show a shared state, so that a change of the state is asserted once, however
    /// many screens show it.
    ///
    /// Once a change is asserted with ``receiveChange(of:timeout:_:fileID:filePath:line:column:)``, on this tester or
    /// another, this tester expects its outputs to show the new value as `show` says, and takes a reload that shows
    /// just that as asserted; a reload that changes more waits for the test, as usual.
    ///
    /// ```swift
    /// list.shows(notes) { outputs, notes in
    ///     for (id, note) in notes { outputs.orders[id: id]?.deliveryNote = note }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The shared state.
    ///   - show: How the outputs show a value of it, as the ViewModel shows it when it hears the change.
    public func shows<Value>(_ state: SharedState<Value>, _ show: @escaping (inout Outputs, Value) -> Void) {
        let name = state.label.map { "\"\($0)\"" } ?? "\(type(of: state))"
        SharedChanges.shared.add(
            SharedShow(tester: self) { [weak self] value, location in
                guard let self, let value = value as? Value else { return }
                var shown = expected
                show(&shown, value)
                expected = shown
                absorbReloads(at: location)
                checkShows(name, at: location)
            },
            for: ObjectIdentifier(state))
    }

    /// After a change of a shared state this tester shows was asserted: the ViewModel shows it as the test says,
    /// or has a reload waiting for the test that may. Observers hear a change as it is made, so a screen that shows
    /// the state has reloaded by then.
    private func checkShows(_ name: String, at location: FailureLocation) {
        guard !spyIsNotTheDelegate, !collectedCalls().contains(where: { if case .reload = $0 { true } else { false } })
        else { return }
        let now = viewModel.outputs
        guard !contract.layout.changes(from: expected, to: now).isEmpty else { return }
        let diff = StructuralDiff.render(expected: expected, actual: now) ?? "\(now)"
        FailureReporter.fail(
            """
            After the change of the shared state \(name) was asserted, \(Model.self) does not show it as the test \
            says it does:
            \(diff)
            (−: expected, +: actual)
            To fix: have the ViewModel observe the state (SharedState.observe(by:_:)) and reload what it shows, or \
            correct how the test says it shows it (tester.shows(_:_:)).
            """,
            at: location)
        expected = now
    }

    /// Waits for the changes of a shared state since the last assertion of it, and asserts that the state is now what
    /// `change` makes of it then: a state several screens read and change is asserted as one fact.
    ///
    /// ```swift
    /// details.send { $0.saveButtonDidTap() }
    /// service.saves.respond(with: saved)
    /// await details.receiveChange(of: notes) {
///     $0[order.id] = "Leave it at the door."
/// }
    /// ```
    ///
    /// Every tester that shows the state (see ``shows(_:_:)``) then expects its outputs to show it, and takes the
    /// reload that shows just that as asserted. A change nobody asserts fails the test when the tester of the input
    /// that made it ends (unless ``strictness`` is partial). The wait ends as soon as no change can come, as a
    /// receive's does.
    ///
    /// - Parameters:
    ///   - state: The shared state.
    ///   - timeout: How long work that still runs may take to change it, at most; ``timeout`` by default.
    ///   - change: Edits the value as last asserted (or as it was before the first change) as the changes should.
    ///   - fileID: The call site, for failures.
    ///   - filePath: The call site, for failures.
    ///   - line: The call site, for failures.
    ///   - column: The call site, for failures.
    public func receiveChange<Value>(
        of state: SharedState<Value>,
        timeout: Duration? = nil,
        _ change: (inout Value) -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        guard !spyIsNotTheDelegate else { return }
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let changes = SharedChanges.shared
        let id = ObjectIdentifier(state)
        let name = "the shared state \(state.label.map { "\"\($0)\"" } ?? "\(type(of: state))")"
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        while true {
            let seen = changes.arrivals.current
            let found = changes.unasserted(of: id, in: workScope.root)
            if let first = found.first, let last = found.last {
                changes.assert(found)
                guard var wanted = changes.changes[first].old as? Value,
                    let actual = changes.changes[last].new as? Value
                else { return }
                change(&wanted)
                if wanted != actual {
                    let diff = StructuralDiff.render(expected: wanted, actual: actual) ?? "\(actual)"
                    FailureReporter.fail(
                        """
                        After \(found.count == 1 ? "its change" : "its \(found.count) changes"), \(name) is not what \
                        the test expected:
                        \(diff)
                        (−: expected, +: actual)
                        To fix: if the ViewModel is right, make the test's expected change produce the + lines.
                        """,
                        at: location)
                }
                changes.showAsserted(actual, of: id, at: location)
                return
            }
            let outcome = await waitForProgress(
                until: deadline, arrived: { changes.arrivals.current > seen }, events: changes.arrivals)
            if case .arrived = outcome { continue }
            let since =
                lastInputLocation.map { "after \(text(of: currentInput)) (\($0.shortDescription))" }
                ?? "since the tester was made (\(createdAt.shortDescription))"
            FailureReporter.fail(
                outcome.message(
                    noCall: "Expected a change of \(name), but the ViewModels made none \(since)",
                    timeout: timeout ?? self.timeout, stepName: stepName,
                    advice: "check that the ViewModel changes the state for that input (SharedState.update(by:_:))."),
                at: location)
            return
        }
    }

    /// Fails once for the changes of shared states this tester's test made and nobody asserted, as strictness says.
    func reportUnassertedSharedChanges(when: String, at location: FailureLocation) {
        let found = SharedChanges.shared.takeUnreported(startedIn: workScope)
        guard !found.isEmpty, strictness != .partial(showingSkipped: false) else { return }
        let list = found.map { change in
            "  - \"\(change.label)\": \(String(describing: change.old)) → \(String(describing: change.new)), "
                + "made \(change.origin.map { $0.phrase(stepName: stepName) } ?? "outside any send")."
        }.joined(separator: "\n")
        guard strictness == .exhaustive else {
            return FailureReporter.note(
                "Skipped \(found.count) change(s) of shared state \(when):\n\(list)", at: location)
        }
        FailureReporter.fail(
            """
            \(found.count) change\(found.count == 1 ? "" : "s") of shared state \(found.count == 1 ? "was" : "were") \
            not asserted \(when):
            \(list)
            To fix: assert each state once with `await tester.receiveChange(of: <state>) { … }`; a tester told how \
            its outputs show the state (tester.shows(<state>) { … }) then takes the reload that shows it as asserted.
            """,
            at: location)
    }
}
