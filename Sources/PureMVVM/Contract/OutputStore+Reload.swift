extension OutputStore {
    /// Reloads the delegate after an update, with the outputs before it as the baseline of row changes.
    ///
    /// - Parameters:
    ///   - delegate: The view to reload.
    ///   - changes: The outputs that changed.
    ///   - old: The outputs before the update, which the update no longer needs.
    @inlinable
    func reload(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>, since old: consuming Outputs
    ) {
        // A reload sent from inside another one's puts the outer baseline back when it returns. The delegate is
        // called through `?.`: bound with `if let`, it would be retained once more.
        var before = Optional(old)
        swap(&cell.outputsBefore, &before)
        let outer = cell.reload
        cell.reload = .update
        delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self))
        cell.reload = outer
        swap(&cell.outputsBefore, &before)
    }

    /// Reloads the delegate after a `set`, with the output it replaced as the baseline of row changes.
    ///
    /// - Parameters:
    ///   - delegate: The view to reload.
    ///   - field: The output that changed.
    ///   - keyPath: Where that output is.
    ///   - size: Its size in bytes.
    ///   - rows: Its old value when it is ``Rows``, or `nil`.
    @inlinable
    func reload(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ field: Outputs.Field,
        replacing keyPath: PartialKeyPath<Outputs>, size: Int, rows: Any?
    ) {
        var changes = ChangeSet<Outputs>()
        changes.insert(field)
        // As in an update's reload, the outer baseline comes back when this one returns.
        var outerKeyPath = Optional(keyPath)
        var outerSize = size
        var outerRows = rows
        swap(&cell.replacedKeyPath, &outerKeyPath)
        swap(&cell.replacedSize, &outerSize)
        swap(&cell.replacedRows, &outerRows)
        let outer = cell.reload
        cell.reload = .set
        delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self))
        cell.reload = outer
        swap(&cell.replacedKeyPath, &outerKeyPath)
        swap(&cell.replacedSize, &outerSize)
        swap(&cell.replacedRows, &outerRows)
    }

    /// The rows at a key path as they were before the reload in progress; `nil` outside a reload, or when they
    /// cannot be told.
    ///
    /// - Parameter keyPath: Where the rows are in the outputs.
    /// - Returns: The earlier rows.
    @inlinable
    func rowsBeforeReload<Row>(at keyPath: KeyPath<Outputs, Rows<Row>>) -> Rows<Row>? {
        switch cell.reload {
        case .none: nil
        case .update: cell.outputsBefore?[keyPath: keyPath]
        case .set: cell.replaced?.rows(at: keyPath, in: cell.outputs)
        }
    }

    /// A store of outputs a view only reads, compared with earlier outputs for row changes as long as it lives:
    /// what `ReadOnlyOutputs(_:since:)` reads.
    ///
    /// - Parameters:
    ///   - snapshot: The outputs to show.
    ///   - old: The outputs before them, or `nil` for none.
    convenience init(snapshot: Outputs, since old: Outputs?) {
        self.init(snapshot)
        guard let old else { return }
        cell.outputsBefore = old
        cell.reload = .update
    }
}
