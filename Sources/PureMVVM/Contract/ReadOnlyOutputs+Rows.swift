extension ReadOnlyOutputs {
    /// Which rows of a ``Rows`` output changed in this reload: deleted, inserted, moved and updated, in the form
    /// UIKit's batch updates take (see ``RowChanges``).
    ///
    /// During a reload from ``OutputStore``, the rows are compared with the rows before the update (or the
    /// `set`), by ID and by the rows' `==`, in linear time; each call compares again, so ask once per reload. Ask
    /// only when the change set names the rows' field: otherwise nothing changed, and the answer is empty.
    ///
    /// ```swift
    /// func reloadViews(
    ///     _ changes: ChangeSet<OrdersOutputs>,
    ///     from outputs: ReadOnlyOutputs<OrdersOutputs>
    /// ) {
    ///     if changes.contains(.orders) {
    ///         list.apply(outputs.changes(of: \.orders), rows: outputs.orders)
    ///     }
    /// }
    /// ```
    ///
    /// With no earlier rows to compare with (outputs made with ``init(_:)`` for a first full draw, or read after
    /// their reload returned) the answer is ``RowChanges/fullReload``: redraw the whole list.
    ///
    /// - Parameter keyPath: The rows' output, as in `\.orders`.
    /// - Returns: The row changes since the rows the view was last given.
    @inlinable
    public func changes<Row>(of keyPath: KeyPath<Outputs, Rows<Row>>) -> RowChanges {
        guard let old = store.rowsBeforeReload(at: keyPath) else { return .fullReload }
        return store.storage[keyPath: keyPath].changes(since: old)
    }

    /// ``changes(of:)`` for the rows stored at a byte offset of the outputs, for the test support, which finds a
    /// struct's stored properties by their offsets.
    ///
    /// - Parameters:
    ///   - offset: Where the rows lie in `Outputs`, in bytes; a `Rows<Row>` must lie there.
    ///   - type: The rows' type.
    /// - Returns: The row changes since the rows the view was last given.
    package func changes<Row>(ofRowsAtOffset offset: Int, as type: Rows<Row>.Type) -> RowChanges {
        guard let old: Rows<Row> = store.rowsBeforeReload(atOffset: offset) else { return .fullReload }
        return store.rows(atOffset: offset).changes(since: old)
    }

    /// Shows a copy of some outputs whose rows are compared with earlier ones: for a ViewModel that keeps its
    /// outputs without an ``OutputStore`` and reloads by hand, or a view's test.
    ///
    /// ```swift
    /// view.reloadViews([.orders], from: ReadOnlyOutputs(after, since: before))
    /// ```
    ///
    /// - Parameters:
    ///   - snapshot: The outputs to show.
    ///   - old: The outputs the view showed before; ``changes(of:)`` compares each ``Rows`` output with its value
    ///     here.
    public init(_ snapshot: Outputs, since old: Outputs) {
        self.init(snapshot)
        store.keepBaseline(old)
    }
}
