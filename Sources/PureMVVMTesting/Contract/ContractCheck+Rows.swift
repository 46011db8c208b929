import PureMVVM

/// The row checks: for each `Rows` output a reload names, the row changes it told the view are checked against
/// the tester's own reckoning (``RowsReference``), never against the toolkit's diff or the rows' `==`.
extension ContractCheck {
    /// For each `Rows` output the tester follows, reads the row changes a reload tells the view.
    var rowChangesReaders: [@MainActor (ReadOnlyOutputs<Outputs>) -> RowChanges] {
        layout.rowsProperties.compactMap { index in
            guard let access = layout.properties[index].rowsAccess else { return nil }
            // What the view gets from `changes(of:)` for these rows: compared with the outputs before an update,
            // or with the rows a `set` of them replaced. Anything else is a full reload, or rows the reload does not
            // name, which are not checked.
            return { outputs in
                outputs.withBaseline { current, before, replaced in
                    if let before {
                        access.changes(current, before)
                    } else if let replaced, let rows = replaced.rows,
                        MemoryLayout<Outputs>.offset(of: replaced.keyPath) == access.offset
                    {
                        access.changesSinceRows(current, rows) ?? .fullReload
                    } else {
                        .fullReload
                    }
                }
            }
        }
    }

    /// Checks the row changes of one reload: applied to the old rows they give the new ones, they name every row
    /// that changed and none that did not. A full reload is always right.
    ///
    /// - Parameters:
    ///   - rowChanges: The row changes the reload told the view, one per ``OutputsLayout/rowsProperties``.
    ///   - changes: Its change set.
    ///   - previous: The outputs the view had before it.
    ///   - shown: The outputs it handed the view.
    ///   - event: The event in messages; asked only to write one.
    ///   - location: Where failures point.
    func checkRows(
        _ rowChanges: [RowChanges], named changes: ChangeSet<Outputs>, from previous: Snapshot, to shown: Snapshot,
        event: () -> String, at location: FailureLocation
    ) {
        let followed = layout.rowsProperties
        guard rowChanges.count == followed.count else { return }
        for (told, property) in zip(rowChanges, followed) {
            guard let field = layout.properties[property].field.flatMap(Outputs.Field.init(index:)),
                changes.contains(field), !told.isFullReload
            else { continue }
            // Changes without moves whose kept rows pair up in order, with updates of exactly the kept rows that
            // changed: right, and found without working out the IDs of every row.
            if layout.confirms(told, ofRows: property, from: previous, to: shown) { continue }
            guard let reference = layout.rowsReference(of: property, from: previous, to: shown),
                !reference.isEqual
            else { continue }
            // Written only for a failure, as every message of the tester.
            func subject() -> String {
                "\(event()) sent reloadViews(\(changes)), whose row changes of \(field) (\(told))"
            }
            guard let result = Self.apply(told, to: reference) else {
                FailureReporter.fail(
                    """
                    \(subject()) do not fit the rows: an index is out of range, or one row is named twice, for \
                    \(reference.oldIDs.count) old rows and \(reference.newIDs.count) new ones.
                    To fix: \(Self.storeFix)
                    """,
                    at: location)
                continue
            }
            if result != reference.newIDs {
                FailureReporter.fail(
                    """
                    \(subject()) turn the old rows' IDs \(reference.list(reference.oldIDs)) into \(reference.list(result)), \
                    not the new rows' \(reference.list(reference.newIDs)).
                    To fix: \(Self.storeFix)
                    """,
                    at: location)
                continue
            }
            checkNamedRows(told, reference, subject: subject, at: location) {
                // Every row compared, for what the rows' own `==` says of them, only for a failure.
                layout.rowsReference(of: property, from: previous, to: shown, comparingEveryRow: true)?
                    .ownEqualitySlip
            }
        }
    }

    /// Fails for rows that changed but are not named, and rows named that did not change. `nonisolated`, as
    /// `apply(_:to:)` is: they read values only, and in a main-actor function each closure passed to `map` or
    /// `filter` checks the executor it runs on, once a row.
    private nonisolated func checkNamedRows(
        _ told: RowChanges, _ reference: RowsReference, subject: () -> String, at location: FailureLocation,
        slip ownEqualitySlip: () -> (explanation: String, fix: String)?
    ) {
        let updated = Set(told.updates.map { reference.newIDs[$0] })
        let reinserted = Set(told.deletions.map { reference.oldIDs[$0] })
            .intersection(told.insertions.map { reference.newIDs[$0] })
        let named = updated.union(reinserted)
        let missed = reference.kept.filter { $0.changed && !named.contains($0.id) }
        let needless = reference.unchangedByTheirPropertiesOwnEquality(
            reference.kept.filter { !$0.changed && named.contains($0.id) })
        let slip = missed.isEmpty && needless.isEmpty ? nil : ownEqualitySlip()
        if !missed.isEmpty {
            let rows = missed.prefix(5).map { row in
                "the row with ID \(reference.describe(row.id)) (at \(row.new)), though it changed"
                    + (row.differences.isEmpty ? "" : " (\(row.differences.joined(separator: ", ")))")
            }
            FailureReporter.fail(
                """
                \(subject()) do not name \(rows.joined(separator: "; ")).\(slip.map { " \($0.explanation)." } ?? "")
                To fix: \(slip?.fix ?? Self.storeFix)
                """,
                at: location)
        }
        if !needless.isEmpty {
            let rows = needless.prefix(5).map { row in
                "the row with ID \(reference.describe(row.id)) (at \(row.new)) as "
                    + (updated.contains(row.id) ? "updated" : "deleted and inserted")
            }
            FailureReporter.fail(
                """
                \(subject()) name \(rows.joined(separator: "; ")), though it did not change.\
                \(slip.map { " \($0.explanation)." } ?? "")
                To fix: \(slip?.fix ?? Self.storeFix)
                """,
                at: location)
        }
    }

    private nonisolated static var storeFix: String {
        "reload through OutputStore.update(notifying:_:) or set(_:to:field:notifying:), which work out the row "
            + "changes; a ViewModel that reloads by hand hands the view ReadOnlyOutputs(outputs, since: before)."
    }

    /// The new order of IDs the changes make of the old rows, as UIKit's batch updates apply them; `nil` when an
    /// index is out of range or a row is named twice (an old row deleted or moved twice, or both; a new position
    /// inserted or moved to twice, or both).
    private nonisolated static func apply(_ changes: RowChanges, to reference: RowsReference) -> [Int]? {
        let old = reference.oldIDs
        let newCount = reference.newIDs.count
        // Marks, by position, of the old rows that leave their place and the new positions that are filled.
        var isLeaving = [Bool](repeating: false, count: old.count)
        for index in changes.deletions + changes.moves.map(\.from) {
            guard old.indices.contains(index), !isLeaving[index] else { return nil }
            isLeaving[index] = true
        }
        var isPlaced = [Bool](repeating: false, count: newCount)
        for index in changes.insertions + changes.moves.map(\.to) {
            guard isPlaced.indices.contains(index), !isPlaced[index] else { return nil }
            isPlaced[index] = true
        }
        guard changes.updates.allSatisfy(isPlaced.indices.contains) else { return nil }
        var staying = old.indices.lazy.filter { !isLeaving[$0] }.map { old[$0] }.makeIterator()
        var result = [Int?](repeating: nil, count: newCount)
        for index in changes.insertions { result[index] = reference.newIDs[index] }
        for move in changes.moves { result[move.to] = old[move.from] }
        for index in result.indices where result[index] == nil { result[index] = staying.next() }
        guard staying.next() == nil else { return nil }
        return result.compactMap { $0 }
    }

}

extension ContractCheck {
    /// A slip in the rows' `==` behind a field's `hasChanged`: `Rows` compares its rows with their `==`, so a
    /// field whose `hasChanged` compares its rows is only as right as the rows' `==`.
    func rowsEqualitySlip(of field: Outputs.Field, from old: Snapshot, to new: Snapshot) -> (
        explanation: String, fix: String
    )? {
        for property in layout.propertiesOfField[field.index] {
            let reference = layout.rowsReference(of: property, from: old, to: new, comparingEveryRow: true)
            if let slip = reference?.ownEqualitySlip { return slip }
        }
        return nil
    }
}
