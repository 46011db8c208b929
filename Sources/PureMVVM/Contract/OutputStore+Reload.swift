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

    /// Whether outputs hold ``Rows``, as stored properties or inside the structs and tuples they hold (three levels
    /// down).
    ///
    /// Answered from the outputs type, once per type (a store is made for every screen shown, and reading the
    /// outputs with `Mirror` cost about 18,000 instructions a store); only outputs with a property whose type does
    /// not say what it holds (such as `Any`) have their values searched, every time.
    static func holdRows(_ outputs: Outputs) -> Bool {
        let key = ObjectIdentifier(Outputs.self)
        if let known = outputsHoldingRows[key] { return known }
        switch StoredTypeSearch.search(Outputs.self, depth: 3, where: { $0 is any RowsReflecting.Type }) {
        case .yes:
            outputsHoldingRows[key] = true
            return true
        case .no:
            outputsHoldingRows[key] = false
            return false
        case .maybe:
            return valueHoldsRows(outputs, depth: 0)
        }
    }

    /// The search of ``holdRows(_:)`` through the value, for outputs whose type does not answer it.
    private static func valueHoldsRows(_ value: Any, depth: Int) -> Bool {
        if value is any RowsReflecting { return true }
        let mirror = Mirror(reflecting: value)
        guard depth < 4, mirror.displayStyle == .struct || mirror.displayStyle == .tuple else { return false }
        return mirror.children.contains { valueHoldsRows($0.value, depth: depth + 1) }
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
    /// which would make the compiler copy the outputs once more in every update, with rows or without (2,300
    /// instructions at 1000 outputs).
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
    /// or without (8 instructions of 515 at 10 outputs).
    @inlinable @inline(never)
    func reloadKeepingBaseline<Value>(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>,
        replacing old: consuming Value, at offset: Int?
    ) {
        withUnsafePointer(to: &old) { old in
            let saved = reloadBaseline
            reloadBaseline = .output(offset: offset, type: Value.self, UnsafeRawPointer(old))
            delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self))
            reloadBaseline = saved
        }
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
        case .output(let offset, let type, let address):
            // The rows are the output `set` replaced, or lie inside it (its old value holds them at the same
            // place), or lie elsewhere and did not change.
            guard let offset, let rowsOffset = MemoryLayout<Outputs>.offset(of: keyPath) else { return nil }
            func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
            let replacedEnd = offset + _openExistential(type, do: size)
            let rowsEnd = rowsOffset + MemoryLayout<Rows<Row>>.size
            if rowsOffset >= offset, rowsEnd <= replacedEnd {
                return (address + (rowsOffset - offset)).assumingMemoryBound(to: Rows<Row>.self).pointee
            }
            return rowsEnd <= offset || rowsOffset >= replacedEnd ? storage[keyPath: keyPath] : nil
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
