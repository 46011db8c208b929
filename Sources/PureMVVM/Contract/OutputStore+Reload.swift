/// What a store's outputs were before the reload in progress, so that a view can ask which rows changed
/// (``ReadOnlyOutputs/changes(of:)``) without the store keeping a second copy of the outputs.
///
/// A plain value of two words with no reference counting: while `reloadViews` runs, it points at the outputs
/// before the update (which `update` still holds in a local) or at the one output `set` replaced, and the store
/// sets it back when the reload returns. Outside a reload it is `.none`.
@usableFromInline
enum ReloadBaseline {
    /// No reload in progress: there is nothing to compare with.
    case none
    /// The whole outputs before an update, at this address.
    case outputs(UnsafeRawPointer)
    /// One output before a `set`: its key path, and its old value at this address.
    case field(Unmanaged<AnyKeyPath>, UnsafeRawPointer)
}

extension OutputStore {
    /// Reloads the delegate, with the outputs before the update as the baseline of row changes.
    @inlinable
    func reload(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>, since previous: inout Outputs
    ) {
        guard let delegate else { return }
        withUnsafeMutablePointer(to: &previous) { pointer in
            let saved = reloadBaseline
            reloadBaseline = .outputs(UnsafeRawPointer(pointer))
            delegate.reloadViews(changes, from: ReadOnlyOutputs(store: self))
            reloadBaseline = saved
        }
    }

    /// Reloads the delegate, with the one output `set` replaced as the baseline of row changes.
    @inlinable
    func reload<Value>(
        _ delegate: (any ReloadDelegate<Outputs>)?, _ changes: ChangeSet<Outputs>, replacing old: inout Value,
        at keyPath: WritableKeyPath<Outputs, Value>
    ) {
        guard let delegate else { return }
        withUnsafeMutablePointer(to: &old) { pointer in
            let saved = reloadBaseline
            reloadBaseline = .field(Unmanaged.passUnretained(keyPath), UnsafeRawPointer(pointer))
            delegate.reloadViews(changes, from: ReadOnlyOutputs(store: self))
            reloadBaseline = saved
        }
    }

    /// The rows at a key path as they were before the reload in progress; `nil` outside a reload.
    @usableFromInline
    func rowsBeforeReload<Row>(at keyPath: KeyPath<Outputs, Rows<Row>>) -> Rows<Row>? {
        switch reloadBaseline {
        case .none:
            return nil
        case .outputs(let address):
            return address.assumingMemoryBound(to: Outputs.self).pointee[keyPath: keyPath]
        case .field(let replaced, let address):
            let replacedPath = replaced.takeUnretainedValue()
            if replacedPath == keyPath { return address.assumingMemoryBound(to: Rows<Row>.self).pointee }
            // Another output was set (one that holds these rows, or none that does): the outputs as they were
            // are the current ones with that output's old value put back.
            var before = storage
            func restore<Value>(_: Value.Type) {
                guard let path = replacedPath as? WritableKeyPath<Outputs, Value> else { return }
                before[keyPath: path] = address.assumingMemoryBound(to: Value.self).pointee
            }
            _openExistential(type(of: replacedPath).valueType, do: restore)
            return before[keyPath: keyPath]
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
