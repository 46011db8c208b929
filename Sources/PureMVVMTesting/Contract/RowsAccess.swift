import PureMVVM

/// A `Rows` output of struct outputs, read where it lies as its own type, for the row checks every send runs: a
/// `Rows` value is larger than the inline buffer of `Any`, so reading it as `Any` would allocate a box for each read.
///
/// Made only where ``StructLayout`` verified the outputs' layout; outputs read through `Mirror` keep reading their
/// rows as `Any`.
struct RowsAccess<Outputs> {
    /// Where the rows lie in the outputs, in bytes.
    let offset: Int
    /// Whether the rows in two snapshots have the same IDs in the same order and none changed, by the tester's
    /// reckoning (`RowsStorage.hasSameRows(as:)`).
    let isUnchanged: (_ old: Outputs, _ new: Outputs) -> Bool
    /// Whether the row changes a reload told are shown right between two snapshots (`RowsStorage.confirms(_:from:)`).
    let confirms: (_ told: RowChanges, _ old: Outputs, _ new: Outputs) -> Bool
    /// What the view is told of the rows in `current` since those in `before` (`RowsReflecting.reflectedChanges`).
    let changes: (_ current: Outputs, _ before: Outputs) -> RowChanges
    /// What the view is told of the rows in `current` since `old`, rows a `set` replaced; `nil` when `old` is not
    /// rows of this type.
    let changesSinceRows: (_ current: Outputs, _ old: Any) -> RowChanges?

    /// The access to rows of `type` at `offset` bytes into the outputs, or `nil` when `type` is not a `Rows` type.
    ///
    /// - Parameters:
    ///   - type: The property's type.
    ///   - offset: Where the property lies in the outputs, as ``StructLayout`` verified it.
    init?(_ type: Any.Type, at offset: Int) {
        guard let type = type as? any RowsStorage.Type else { return nil }
        self.init(type, offset: offset)
    }

    private init<Rows: RowsStorage>(_: Rows.Type, offset: Int) {
        self.offset = offset
        let rows: (Outputs) -> Rows = { outputs in
            withUnsafePointer(to: outputs) {
                (UnsafeRawPointer($0) + offset).assumingMemoryBound(to: Rows.self).pointee
            }
        }
        isUnchanged = { old, new in rows(new).hasSameRows(as: rows(old)) }
        confirms = { told, old, new in rows(new).confirms(told, from: rows(old)) }
        changes = { current, before in rows(current).reflectedChanges(since: rows(before)) }
        changesSinceRows = { current, old in (old as? Rows).map { rows(current).reflectedChanges(since: $0) } }
    }
}
