import PureMVVM

/// The reload rules for one event, checked against what really changed (see ``OutputsLayout``), never against
/// the ViewModel's own `hasChanged(_:since:)`: one reload when outputs changed, none when they did not, each
/// naming exactly what changed since the one before.
///
/// The ViewModel's `hasChanged` is asked only after a check has failed, to say where the fix is: in
/// `hasChanged` itself, or in how the ViewModel changes its outputs and builds its reloads.
@MainActor
struct ContractCheck<Outputs: ViewOutputs> {
    /// How the outputs are taken apart.
    let layout: OutputsLayout<Outputs>

    /// An outputs snapshot.
    typealias Snapshot = Outputs

    /// One reload as the spy recorded it.
    struct Reload {
        /// The outputs it names.
        var changes: ChangeSet<Outputs>
        /// The outputs it handed the view.
        var outputs: Snapshot
        /// The ViewModel's own outputs at that moment, which must be the same; `nil` when not known.
        var viewModelOutputs: Snapshot?
        /// The row changes it told the view, one per ``OutputsLayout/rowsProperties``; empty when not known.
        var rowChanges: [RowChanges] = []

        /// A reload as the recorder kept it.
        init(_ names: ReloadNames, outputs: Snapshot, viewModelOutputs: Snapshot?) {
            changes = ChangeSet(names.changes)
            self.outputs = outputs
            self.viewModelOutputs = viewModelOutputs
            rowChanges = names.rowChanges
        }
    }

    /// Checks the reloads one event sent, given the outputs before and after it.
    ///
    /// - Parameters:
    ///   - reloads: Each reload's change set, with the outputs it handed the view.
    ///   - before: The outputs before the event.
    ///   - after: The outputs after it.
    ///   - event: The event in messages, such as "`login()`" or "An asynchronous reload"; asked only to write one.
    ///   - location: Where failures point.
    func check(
        _ reloads: [Reload],
        from before: Snapshot,
        to after: Snapshot,
        event: () -> String,
        at location: FailureLocation
    ) {
        if reloads.count > 1 {
            FailureReporter.fail(
                """
                \(event()) sent \(reloads.count) reloads: \(reloads.map { "reloadViews(\($0.changes))" }.joined(separator: ", ")). \
                The contract allows one per input event.
                To fix: make every change of one input in a single OutputStore.update(notifying:_:).
                """,
                at: location
            )
        }
        guard !reloads.isEmpty else {
            checkNoChange(from: before, to: after, subject: event, when: nil, at: location)
            return
        }
        var previous = before
        for reload in reloads {
            withUnsafePointer(to: reload.outputs) { shown in
                withUnsafePointer(to: previous) { previous in
                    if let own = reload.viewModelOutputs {
                        withUnsafePointer(to: own) { own in
                            checkHandedOutputs(reload.changes, shown: shown, own: own, event: event, at: location)
                        }
                    }
                    checkReload(reload.changes, from: previous, to: shown, event: event, at: location)
                }
            }
            if !reload.rowChanges.isEmpty {
                checkRows(
                    reload.rowChanges, named: reload.changes, from: previous, to: reload.outputs, event: event,
                    at: location)
            }
            previous = reload.outputs
        }
        withUnsafePointer(to: previous) { previous in
            withUnsafePointer(to: after) { after in checkLate(from: previous, to: after, event: event, at: location) }
        }
    }

    /// Checks the usual event, one reload, with every snapshot read where it lies: ``check(_:from:to:event:at:)``
    /// without building a ``Reload`` or copying a snapshot.
    ///
    /// - Parameters:
    ///   - changes: The reload's change set.
    ///   - rowChanges: The row changes it told the view, one per `Rows` output the tester follows; empty when it
    ///     follows none.
    ///   - shown: The outputs it handed the view.
    ///   - own: The ViewModel's own outputs at that moment, if `isOwnKnown`.
    ///   - isOwnKnown: Whether `own` holds the ViewModel's outputs.
    ///   - before: The outputs before the event.
    ///   - after: The outputs after it.
    ///   - event: The event in messages; asked only to write one.
    ///   - location: Where failures point.
    func check(
        reload changes: ChangeSet<Outputs>,
        rowChanges: [RowChanges],
        shown: UnsafePointer<Snapshot>,
        own: UnsafePointer<Snapshot>,
        isOwnKnown: Bool,
        from before: UnsafePointer<Snapshot>,
        to after: UnsafePointer<Snapshot>,
        event: () -> String,
        at location: FailureLocation
    ) {
        if isOwnKnown { checkHandedOutputs(changes, shown: shown, own: own, event: event, at: location) }
        checkReload(changes, from: before, to: shown, event: event, at: location)
        if !rowChanges.isEmpty {
            checkRows(rowChanges, named: changes, from: before.pointee, to: shown.pointee, event: event, at: location)
        }
        checkLate(from: shown, to: after, event: event, at: location)
    }

    /// Checks that nothing changed when no reload came.
    ///
    /// - Parameters:
    ///   - before: The outputs the view last saw.
    ///   - after: The outputs now.
    ///   - subject: Who changed them, such as "`login()`" or "The outputs"; asked only to write a message.
    ///   - when: When it was noticed, such as "by the end of the test"; `nil` for an input.
    ///   - location: Where failures point.
    func checkNoChange(
        from before: Snapshot, to after: Snapshot, subject: () -> String, when: String?, at location: FailureLocation
    ) {
        withUnsafePointer(to: before) { before in
            withUnsafePointer(to: after) { after in
                checkNoChange(from: before, to: after, subject: subject, when: when, at: location)
            }
        }
    }

    /// ``checkNoChange(from:to:subject:when:at:)`` with the snapshots read where they lie.
    func checkNoChange(
        from before: UnsafePointer<Snapshot>, to after: UnsafePointer<Snapshot>, subject: () -> String,
        when: String?, at location: FailureLocation
    ) {
        let observed = layout.changes(from: before, to: after)
        guard !observed.isEmpty else { return }
        reportChange(observed, from: before.pointee, to: after.pointee, subject: subject, when: when, at: location)
    }

    /// Reports outputs that changed without a reload. Not inlined, so that its generic types are looked up only
    /// when something changed.
    @inline(never)
    private func reportChange(
        _ observed: ObservedChanges, from before: Snapshot, to after: Snapshot, subject: () -> String,
        when: String?, at location: FailureLocation
    ) {
        reportUncovered(observed, from: before, to: after, subject: subject, at: location)
        var unreloaded: [Outputs.Field] = []
        for field in observed.fields(of: Outputs.self) {
            if after.hasChanged(field, since: before) {
                unreloaded.append(field)
            } else {
                FailureReporter.fail(
                    """
                    \(subject()) changed \(fieldChange(field, from: before, to: after)), but no reload was sent: \
                    \(layout.typeName).hasChanged(.\(field), since:) says \(field) did not change.
                    To fix: \(hasChangedFix(for: field, wronglyComparing: nil, from: before, to: after))
                    """,
                    at: location
                )
            }
        }
        guard !unreloaded.isEmpty else { return }
        let list = unreloaded.map { fieldChange($0, from: before, to: after) }.joined(separator: ", ")
        FailureReporter.fail(
            """
            \(subject()) changed \(list) without a reload\(when.map { " " + $0 } ?? "").
            To fix: change outputs only inside OutputStore.update(notifying:_:) and pass the delegate to it.
            """,
            at: location
        )
    }

    // MARK: One reload

    /// Checks that a reload handed the view the outputs the ViewModel shows, not a stale or made-up copy.
    private func checkHandedOutputs(
        _ changes: ChangeSet<Outputs>, shown: UnsafePointer<Snapshot>, own: UnsafePointer<Snapshot>,
        event: () -> String, at location: FailureLocation
    ) {
        let differing = layout.changes(from: own, to: shown)
        guard !differing.isEmpty else { return }
        FailureReporter.fail(
            """
            \(event()) sent reloadViews(\(changes)) with outputs that are not the ViewModel's: \
            \(changeList(differing, from: own.pointee, to: shown.pointee)), from the ViewModel's `outputs` to the reload's.
            To fix: reload through OutputStore.update(notifying:_:) or set(_:to:field:notifying:), which hand the \
            view the store's outputs; a ViewModel that calls reloadViews itself passes ReadOnlyOutputs(outputs), \
            after changing them.
            """,
            at: location
        )
    }

    /// Whether a field a reload names is changed by its properties' own `==`, though their bytes are the same.
    private func ownEqualityAgrees(_ field: Outputs.Field, from previous: Snapshot, to shown: Snapshot) -> Bool {
        withUnsafePointer(to: previous) { previous in
            withUnsafePointer(to: shown) { layout.changesByItsOwnEquality(field.index, from: previous, to: $0) }
        }
    }

    /// Checks that nothing changed after the last reload of an event.
    private func checkLate(
        from shown: UnsafePointer<Snapshot>, to after: UnsafePointer<Snapshot>, event: () -> String,
        at location: FailureLocation
    ) {
        let late = layout.changes(from: shown, to: after)
        guard !late.isEmpty else { return }
        FailureReporter.fail(
            """
            \(event()) changed \(changeList(late, from: shown.pointee, to: after.pointee)) after its reload.
            To fix: make every change of one input before the reload, in one OutputStore.update(notifying:_:).
            """,
            at: location
        )
    }

    private func checkReload(
        _ changes: ChangeSet<Outputs>, from previous: UnsafePointer<Snapshot>, to shown: UnsafePointer<Snapshot>,
        event: () -> String, at location: FailureLocation
    ) {
        let observed = layout.changes(from: previous, to: shown)
        if observed.fields.holdsExactly(changes.positions) && observed.uncovered.isEmpty && !changes.isEmpty { return }
        reportReload(changes, observed: observed, from: previous.pointee, to: shown.pointee, event: event, at: location)
    }

    /// Reports what is wrong with a reload's change set. Not inlined, so that its generic types are looked up only
    /// when something is wrong.
    @inline(never)
    private func reportReload(
        _ changes: ChangeSet<Outputs>, observed: ObservedChanges, from previous: Snapshot, to shown: Snapshot,
        event: () -> String, at location: FailureLocation
    ) {
        let observedFields = observed.fields(of: Outputs.self)
        reportUncovered(observed, from: previous, to: shown, subject: event, at: location)

        // Which mismatches come from `hasChanged` (OutputStore asked it), and which from a change set the
        // ViewModel built itself.
        var handMade = false
        for field in changes where !observedFields.contains(field) {
            guard shown.hasChanged(field, since: previous) else {
                handMade = true
                continue
            }
            // The outputs' own `==` says it changed (a NaN and itself): so does the reload, rightly.
            guard !ownEqualityAgrees(field, from: previous, to: shown) else { continue }
            let others = observed.properties.filter { layout.properties[$0].field != field.index }
            let suspect = others.count == 1 ? others.first : nil
            var message = """
                \(event()) sent reloadViews(\(changes)), which names \(field), but \(field) did not change \
                (\(currentValue(of: field, in: shown))): \(layout.typeName).hasChanged(.\(field), since:) reports \
                a change.
                """
            if let suspect {
                let name = layout.properties[suspect].name
                message += """
                     What did change is \(name) (\(layout.value(of: suspect, in: previous)) → \
                    \(layout.value(of: suspect, in: shown))): `case .\(field)` seems to compare \(name).
                    """
            }
            FailureReporter.fail(
                message + "\nTo fix: "
                    + hasChangedFix(for: field, wronglyComparing: suspect, from: previous, to: shown),
                at: location
            )
        }
        for field in observedFields where !changes.contains(field) {
            guard !shown.hasChanged(field, since: previous) else {
                handMade = true
                continue
            }
            FailureReporter.fail(
                """
                \(event()) sent reloadViews(\(changes)), which does not name \(field), though \(field) changed \
                (\(fieldChange(field, from: previous, to: shown, named: false))): \
                \(layout.typeName).hasChanged(.\(field), since:) says it did not.
                To fix: \(hasChangedFix(for: field, wronglyComparing: nil, from: previous, to: shown))
                """,
                at: location
            )
        }
        guard handMade || (changes.isEmpty && observed.isEmpty) else { return }
        if observed.isEmpty {
            FailureReporter.fail(
                """
                \(event()) sent reloadViews(\(changes)) but no output changed.
                To fix: send a reload only when an output changed; OutputStore.update(notifying:_:) does this.
                """,
                at: location
            )
        } else {
            FailureReporter.fail(
                """
                \(event()) sent reloadViews(\(changes)), but the outputs that changed are \(observedFields).
                To fix: name exactly the outputs that changed: let OutputStore.update(notifying:_:) build the \
                change set, or pass each output's own field to OutputStore.set(_:to:field:notifying:).
                """,
                at: location
            )
        }
    }

    // MARK: Messages

    /// One failure per changed property that no field stands for.
    private func reportUncovered(
        _ observed: ObservedChanges, from old: Snapshot, to new: Snapshot, subject: () -> String,
        at location: FailureLocation
    ) {
        for property in observed.uncovered {
            let name = layout.properties[property].name
            FailureReporter.fail(
                """
                \(subject()) changed \(name) (\(layout.value(of: property, in: old)) → \
                \(layout.value(of: property, in: new))), a stored property of \(layout.typeName) that no \
                case of \(layout.typeName).Field stands for, so no reload can name it.
                To fix: add `case \(name)` to \(layout.typeName).Field and compare it in hasChanged(_:since:) \
                (`case .\(name): \(name) != old.\(name)`), or make \(name) a computed property if it is derived.
                """,
                at: location
            )
        }
    }

    private func hasChangedFix(
        for field: Outputs.Field, wronglyComparing suspect: Int?, from old: Snapshot, to new: Snapshot
    ) -> String {
        if let slip = rowsEqualitySlip(of: field, from: old, to: new) { return "\(slip.explanation); \(slip.fix)" }
        let not = suspect.map { ", not `\(layout.properties[$0].name)`" } ?? ""
        let only = layout.propertiesOfField[field.index].count > 1 ? "" : " only"
        return "in \(layout.typeName).hasChanged(_:since:), make `case .\(field)` compare "
            + "\(layout.propertyList(of: field.index))\(only)\(not): `\(layout.comparisonCode(of: field.index))`."
    }

    /// "count (0 → 1)", or for a field of several properties "status (status: .loading → .loaded, …)".
    private func fieldChange(
        _ field: Outputs.Field, from old: Snapshot, to new: Snapshot, named: Bool = true
    ) -> String {
        let offsets = layout.propertiesOfField[field.index]
        guard layout.isChecked[field.index], !offsets.isEmpty else { return named ? "\(field)" : "by its own account" }
        let changed = offsets.filter { layout.value(of: $0, in: old) != layout.value(of: $0, in: new) }
        let shown = changed.isEmpty ? offsets : changed
        if shown.count == 1, let only = shown.first, layout.properties[only].name == "\(field)" {
            if let rows = layout.rowsReference(of: only, from: old, to: new) {
                return named ? "\(field) (\(rows.summary))" : rows.summary
            }
            let values = "\(layout.value(of: only, in: old)) → \(layout.value(of: only, in: new))"
            return named ? "\(field) (\(values))" : values
        }
        let values = shown.map {
            "\(layout.properties[$0].name): \(layout.value(of: $0, in: old)) → \(layout.value(of: $0, in: new))"
        }
        .joined(separator: ", ")
        return named ? "\(field) (\(values))" : values
    }

    /// "it is 0", or the values of a field of several properties.
    private func currentValue(of field: Outputs.Field, in snapshot: Snapshot) -> String {
        let offsets = layout.propertiesOfField[field.index]
        if offsets.count == 1, let only = offsets.first { return "it is \(layout.value(of: only, in: snapshot))" }
        return offsets.map { "\(layout.properties[$0].name) is \(layout.value(of: $0, in: snapshot))" }
            .joined(separator: ", ")
    }

    /// The changed outputs with their old and new values, for messages.
    func changeList(_ observed: ObservedChanges, from old: Snapshot, to new: Snapshot) -> String {
        var items = observed.fields(of: Outputs.self).map { fieldChange($0, from: old, to: new) }
        items += observed.uncovered.map {
            "\(layout.properties[$0].name) (\(layout.value(of: $0, in: old)) → \(layout.value(of: $0, in: new)))"
        }
        return items.joined(separator: ", ")
    }
}
