/// What a store's outputs were before the reload in progress, so that a view can ask which rows changed
/// (``ReadOnlyOutputs/changes(of:)``) without the store keeping a second copy of the outputs.
///
/// A plain value with no reference counting: while `reloadViews` runs, it points at the outputs before the update
/// (which `update` still holds in a local) or at the one output `set` replaced, and the store sets it back when
/// the reload returns. Outside a reload it is `.none`. Setting it costs a few stores per reload; a key path object
/// is never made, and no closure is called (either would cost a reload more than the rest of `set`).
@usableFromInline
enum ReloadBaseline {
    /// No reload in progress: there is nothing to compare with.
    case none
    /// The whole outputs before an update, at this address.
    case outputs(UnsafeRawPointer)
    /// One output before a `set`: where it lies in the outputs (its byte offset, `nil` when it is not a stored
    /// property of a struct), its type, and its old value at this address.
    case output(offset: Int?, type: Any.Type, UnsafeRawPointer)
}

extension OutputStore {
    /// A store of outputs a view only reads, made by `ReadOnlyOutputs`: it never reloads, so it skips looking
    /// for rows.
    ///
    /// - Parameter snapshot: The outputs to show.
    convenience init(snapshot: Outputs) {
        self.init(snapshot, holdsRows: false)
    }

    /// Whether outputs hold ``Rows``, or may hold some, as stored properties or inside the structs and tuples they
    /// hold (three levels down): see ``RowsSearch``.
    ///
    /// Answered once per outputs type, from the first store's outputs (a store is made for every screen shown,
    /// and reading the outputs with `Mirror` is slow).
    static func holdRows(_ outputs: Outputs) -> Bool {
        let key = ObjectIdentifier(Outputs.self)
        if let known = outputsHoldingRows[key] { return known }
        let answer = RowsSearch.mayHoldRows(outputs)
        outputsHoldingRows[key] = answer
        return answer
    }

    /// `update(notifying:_:)` for outputs that hold rows: the same steps, and the delegate reloads with the outputs
    /// before the update as the baseline of row changes.
    @inlinable
    func updateKeepingBaseline(
        notifying delegate: (any ReloadDelegate<Outputs>)?, _ body: (inout Outputs) throws -> Void
    ) rethrows -> ChangeSet<Outputs> {
        isUpdating = true
        var next = storage
        defer { isUpdating = false }
        try body(&next)
        swap(&storage, &next)
        let changes = Self.changes(of: &storage, since: &next)
        isUpdating = false
        if !changes.isEmpty { reloadKeepingBaseline(delegate, changes, since: next) }
        return changes
    }

    /// Reloads the delegate, with the outputs before the update as the baseline of row changes.
    ///
    /// Takes them by value, consumed: `update`'s local copy moves here, so its address never escapes `update`,
    /// which would make the compiler copy the outputs once more in every update, with rows or without.
    @inlinable @inline(never)
    func reloadKeepingBaseline(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>, since previous: consuming Outputs
    ) {
        guard delegate != nil else { return }
        reloadKeepingBaseline(delegate, changes, at: &previous)
    }

    /// Reloads the delegate, with the outputs at `previous` as the baseline of row changes.
    @inlinable
    func reloadKeepingBaseline(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>,
        at previous: UnsafeMutablePointer<Outputs>
    ) {
        guard delegate != nil else { return }  // not `guard let`: a second reference would cost a retain
        let saved = reloadBaseline
        reloadBaseline = .outputs(UnsafeRawPointer(previous))
        delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self))
        reloadBaseline = saved
    }

    /// `set(_:to:field:notifying:)` for outputs that hold rows: the one output's old value is the baseline of
    /// row changes while the delegate reloads.
    @inlinable
    func setKeepingBaseline<Value>(
        _ keyPath: WritableKeyPath<Outputs, Value>, to value: Value, field: Outputs.Field,
        notifying delegate: (any ReloadDelegate<Outputs>)?
    ) -> Bool {
        var old = value
        swap(&storage[keyPath: keyPath], &old)
        guard delegate != nil else { return true }
        var changes = ChangeSet<Outputs>()
        changes.insert(field)
        reloadKeepingBaseline(delegate, changes, replacing: old, at: MemoryLayout<Outputs>.offset(of: keyPath))
        return true
    }

    /// Reloads the delegate, with the one output a `set` replaced as the baseline of row changes.
    ///
    /// Takes the old value consumed and is never inlined, for the reason `reloadKeepingBaseline(_:_:since:)`
    /// is not: taking the address of a local of `set` made every `set` set up and check a stack guard, with rows
    /// or without.
    @inlinable @inline(never)
    func reloadKeepingBaseline<Value>(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>,
        replacing old: consuming Value, at offset: Int?
    ) {
        reloadKeepingBaseline(delegate, changes, replacingValueAt: &old, at: offset)
    }

    /// Reloads the delegate, with the value at `old` as the one output's baseline. A pointer, not the closure of
    /// `withUnsafePointer`: a closure in a main-actor method asks the runtime whether it runs on the main actor,
    /// on every `set`.
    @inlinable
    func reloadKeepingBaseline<Value>(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>,
        replacingValueAt old: UnsafeMutablePointer<Value>, at offset: Int?
    ) {
        let saved = reloadBaseline
        reloadBaseline = .output(offset: offset, type: Value.self, UnsafeRawPointer(old))
        delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self))
        reloadBaseline = saved
    }

    /// The rows at a key path as they were before the reload in progress; `nil` outside a reload, or when they
    /// cannot be told (rows reached through a computed property while a `set` replaced another output).
    @usableFromInline
    func rowsBeforeReload<Row>(at keyPath: KeyPath<Outputs, Rows<Row>>) -> Rows<Row>? {
        switch reloadBaseline {
        case .none:
            return nil
        case .outputs(let address):
            return address.assumingMemoryBound(to: Outputs.self).pointee[keyPath: keyPath]
        case .output:
            return MemoryLayout<Outputs>.offset(of: keyPath).flatMap(rowsBeforeReload(atOffset:))
        }
    }

    /// The rows stored at a byte offset of the outputs as they were before the reload in progress; `nil` outside a
    /// reload, or when they cannot be told. For the test support, which finds a struct's stored properties by
    /// their offsets: `offset` must be where a `Rows<Row>` lies in `Outputs`.
    ///
    /// - Parameter offset: Where the rows lie in the outputs, in bytes.
    /// - Returns: The rows before the reload.
    package func rowsBeforeReload<Row>(atOffset offset: Int) -> Rows<Row>? {
        switch reloadBaseline {
        case .none:
            return nil
        case .outputs(let address):
            return (address + offset).assumingMemoryBound(to: Rows<Row>.self).pointee
        case .output(let replaced, let type, let address):
            // The rows are the output `set` replaced, or lie inside it (its old value holds them at the same
            // place), or lie elsewhere and did not change.
            guard let replaced else { return nil }
            func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
            let replacedEnd = replaced + size(type)
            let rowsEnd = offset + MemoryLayout<Rows<Row>>.size
            if offset >= replaced, rowsEnd <= replacedEnd {
                return (address + (offset - replaced)).assumingMemoryBound(to: Rows<Row>.self).pointee
            }
            guard rowsEnd <= replaced || offset >= replacedEnd else { return nil }
            return rows(atOffset: offset)
        }
    }

    /// The rows stored at a byte offset of the current outputs.
    ///
    /// - Parameter offset: Where a `Rows<Row>` lies in `Outputs`, in bytes.
    /// - Returns: A copy of those rows.
    package func rows<Row>(atOffset offset: Int) -> Rows<Row> {
        withUnsafePointer(to: storage) {
            (UnsafeRawPointer($0) + offset).assumingMemoryBound(to: Rows<Row>.self).pointee
        }
    }

    /// Keeps earlier outputs as the baseline of row changes for as long as the store lives: for
    /// `ReadOnlyOutputs(_:since:)`.
    func keepBaseline(_ outputs: Outputs) {
        let kept = KeptOutputs(outputs)
        keptBaseline = kept
        reloadBaseline = .outputs(UnsafeRawPointer(kept.address))
    }
}

/// Earlier outputs at a stable address, owned by the store that compares with them.
private final class KeptOutputs<Outputs> {
    let address: UnsafeMutablePointer<Outputs>

    init(_ outputs: Outputs) {
        address = .allocate(capacity: 1)
        address.initialize(to: outputs)
    }

    deinit {
        address.deinitialize(count: 1)
        address.deallocate()
    }
}

/// Whether each outputs type whose type answers it holds ``Rows``: see `OutputStore.holdRows(_:)`.
@MainActor private var outputsHoldingRows: [ObjectIdentifier: Bool] = [:]
