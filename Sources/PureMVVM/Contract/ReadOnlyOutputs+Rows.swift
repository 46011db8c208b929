extension ReadOnlyOutputs {
    /// Which rows of a ``Rows`` output changed in this reload: deleted, inserted, moved and updated, in the form
    /// UIKit's batch updates take (see ``RowChanges``).
    ///
    /// During a reload from ``OutputStore``, the rows are compared with the rows before the update (or before the
    /// `set` of these rows), by ID and by the rows' `==`, in linear time; each call compares again, so ask once per
    /// reload. Ask only when the change set names the rows' field: otherwise nothing changed, and the answer is empty
    /// (or ``RowChanges/fullReload``, for rows inside a struct output that a `set` replaced).
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
        return store.cell.outputs[keyPath: keyPath].changes(since: old)
    }

    /// Reads the outputs as they are and the baseline of the reload in progress, in place: for the test
    /// support, which reads the rows of every `Rows` output a reload names.
    ///
    /// - Parameter body: Reads the current outputs, the outputs before the update being reloaded (or `nil`), and
    ///   the output the `set` being reloaded replaced (or `nil`).
    /// - Returns: What `body` returns.
    package func withBaseline<Result>(
        _ body: (Outputs, _ before: Outputs?, _ replaced: ReplacedOutput<Outputs>?) -> Result
    ) -> Result {
        let cell = store.cell
        switch cell.reload {
        case .none: return body(cell.outputs, nil, nil)
        case .update: return body(cell.outputs, cell.outputsBefore, nil)
        case .set: return body(cell.outputs, nil, cell.replaced)
        }
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
        store = OutputStore(snapshot: snapshot, since: old)
    }
}
