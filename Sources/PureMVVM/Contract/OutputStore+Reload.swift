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

/// Which reload an ``OutputStore`` is sending, if any.
@usableFromInline
enum ReloadKind: Sendable {
    /// None: a view reading the outputs now has no earlier ones to compare with.
    case none
    /// An update's: the outputs before it are the baseline.
    case update
    /// A `set`'s: the one output it replaced is.
    case set
}

/// The one output a `set` replaced, as the baseline of row changes during its reload.
@usableFromInline
package struct ReplacedOutput<Outputs: ViewOutputs> {
    /// Where the output is.
    @usableFromInline package let keyPath: PartialKeyPath<Outputs>
    /// Its size in bytes, to tell whether rows lie inside it.
    @usableFromInline let size: Int
    /// Its old value when it is ``Rows``; `nil` for any other output.
    @usableFromInline package let rows: Any?

    @usableFromInline
    init(keyPath: PartialKeyPath<Outputs>, size: Int, rows: Any?) {
        self.keyPath = keyPath
        self.size = size
        self.rows = rows
    }

    /// The rows at a key path before the `set`; `nil` when they cannot be told.
    ///
    /// - Parameters:
    ///   - rowsKeyPath: Where the rows are in the outputs.
    ///   - current: The outputs now.
    /// - Returns: The earlier rows.
    @inlinable
    func rows<Row>(at rowsKeyPath: KeyPath<Outputs, Rows<Row>>, in current: Outputs) -> Rows<Row>? {
        if rowsKeyPath == keyPath { return rows as? Rows<Row> }
        // Rows stored outside the output that was set did not change; rows inside it, or reached through a computed
        // property, cannot be told.
        guard let start = MemoryLayout<Outputs>.offset(of: keyPath),
            let rowsStart = MemoryLayout<Outputs>.offset(of: rowsKeyPath)
        else { return nil }
        let isOutside = rowsStart + MemoryLayout<Rows<Row>>.size <= start || rowsStart >= start + size
        return isOutside ? current[keyPath: rowsKeyPath] : nil
    }
}
