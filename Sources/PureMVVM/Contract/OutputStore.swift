/// Holds a ViewModel's outputs and keeps the reload rules without bookkeeping: one reload per update, carrying
/// exactly the outputs that changed, and none when nothing changed.
///
/// A ViewModel keeps one store, exposes its ``outputs`` read-only, and makes every change in one ``update(notifying:_:)``
/// per input event:
///
/// ```swift
/// func usernameDidChange(_ text: String?) {
///     username.edit(text)
///     store.update(notifying: delegate) { outputs in
///         outputs.usernameBorder = username.border
///         outputs.isLoginEnabled = username.isValid && password.isValid
///     }
/// }
/// ```
///
/// Several changes inside one update give one reload. An update costs one comparison per output, whatever the body
/// assigned, and allocates nothing when the outputs are plain values.
///
/// ## Choosing between update and set
///
/// Use ``update(notifying:_:)`` for an input that can change several outputs: it works out which did and sends one
/// reload naming them. Use ``set(_:to:field:notifying:)`` when an input changes one output of many, as on a screen
/// with hundreds of outputs that change one at a time: it compares that output alone, so its cost does not grow
/// with the screen, where `update` compares every output whatever its body assigned. On a screen of a few outputs
/// the two cost about the same. The Performance article has the figures.
@MainActor
public final class OutputStore<Outputs: ViewOutputs> {
    /// The current outputs. Only ``update(notifying:_:)`` and ``set(_:to:field:notifying:)`` change them.
    @inlinable
    public var outputs: Outputs { storage }

    /// Whether the outputs hold ``Rows``, found when the store is made: only then does a reload keep a baseline,
    /// so screens without rows pay one test of this flag. Declared before `storage`, whose size depends on the
    /// outputs type, so that its offset in the object is a constant.
    @usableFromInline let holdsRows: Bool

    // Internal but `@usableFromInline`, as the methods below are `@inlinable`: a ViewModel's module then
    // specialises `update` and `set` for its own outputs, instead of running generic code through witness tables
    // and runtime metadata look-ups on every input event.
    //
    // Both are `@exclusivity(unchecked)`: no two accesses to them can overlap, so the run-time exclusivity check
    // (two calls into the runtime per access, several accesses per event) could never fire. The body of `update`
    // edits a copy, which is written back only after it returns, and the delegate is called after that; every
    // write is a plain store with no user code inside it (a key path's computed setter that reached back into
    // its own store would be the one exception); and an `update` or `set` from inside `update`, the only way
    // user code could write while the store is mid-change, is stopped by the `isUpdating` precondition.
    @exclusivity(unchecked) @usableFromInline var storage: Outputs
    @exclusivity(unchecked) @usableFromInline var isUpdating = false
    /// What the outputs were before the reload in progress, for ``ReadOnlyOutputs/changes(of:)``: see
    /// `OutputStore+Reload.swift`.
    @exclusivity(unchecked) @usableFromInline var reloadBaseline = ReloadBaseline.none
    /// Keeps alive the earlier outputs of a `ReadOnlyOutputs(_:since:)`; `nil` for a ViewModel's store.
    var keptBaseline: AnyObject?

    /// Creates a store with the outputs a screen shows before any input.
    ///
    /// - Parameter initial: The outputs before the first input event.
    public init(_ initial: Outputs) {
        storage = initial
        holdsRows = Self.holdRows(initial)
    }

    /// Creates a store, told whether its outputs hold rows.
    init(_ initial: Outputs, holdsRows: Bool) {
        storage = initial
        self.holdsRows = holdsRows
    }

    /// Changes the outputs and reloads the delegate once with exactly the outputs that changed.
    ///
    /// The body edits a copy; the store compares it with the current outputs field by field, stores it, and then,
    /// if anything changed, calls `reloadViews` once. When `delegate` is `nil` the outputs still change.
    ///
    /// - Parameters:
    ///   - delegate: The view to reload, usually the ViewModel's `delegate`.
    ///   - body: Edits the outputs. It must not call `update` or `set` on the same store: pass `inout Outputs` to
    ///     helpers instead.
    /// - Returns: The outputs that changed, empty when nothing did; the delegate has already been told.
    @inlinable
    @discardableResult
    public func update(
        notifying delegate: (any ReloadDelegate<Outputs>)?,
        _ body: (inout Outputs) throws -> Void
    ) rethrows -> ChangeSet<Outputs> {
        precondition(!isUpdating, Self.nestingMessage)
        if holdsRows { return try updateKeepingBaseline(notifying: delegate, body) }
        isUpdating = true
        var next = storage
        defer { isUpdating = false }
        try body(&next)
        // Swapped, not assigned, and compared through `inout`: the new outputs move into the store and the old
        // ones out into `next`, and the comparison reads both in place. Comparing the edit with the store and
        // then assigning it made the compiler copy the outputs twice more per update (a retain and a release per
        // `BorderState.invalid`), and so did passing `storage` to `changes(since:)` by value.
        swap(&storage, &next)
        let changes = Self.changes(of: &storage, since: &next)
        isUpdating = false
        if !changes.isEmpty { delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self)) }
        return changes
    }

    /// Sets one output and reloads the delegate with just that output if its value changed.
    ///
    /// This compares one value instead of every output, so its cost does not grow with the number of outputs.
    /// `field` must name the output `keyPath` points to; `PureMVVMTesting`'s contract checks catch a mismatch.
    ///
    /// - Parameters:
    ///   - keyPath: The output to set.
    ///   - value: Its new value.
    ///   - field: The name of the same output, sent in the reload.
    ///   - delegate: The view to reload, usually the ViewModel's `delegate`.
    /// - Returns: `true` when the value changed and a reload was sent (or would have been, with no delegate).
    @inlinable
    @discardableResult
    public func set<Value: Equatable>(
        _ keyPath: WritableKeyPath<Outputs, Value>,
        to value: Value,
        field: Outputs.Field,
        notifying delegate: (any ReloadDelegate<Outputs>)?
    ) -> Bool {
        precondition(!isUpdating, Self.nestingMessage)
        guard storage[keyPath: keyPath] != value else { return false }
        if holdsRows { return setKeepingBaseline(keyPath, to: value, field: field, notifying: delegate) }
        storage[keyPath: keyPath] = value
        var changes = ChangeSet<Outputs>()
        changes.insert(field)
        delegate?.reloadViews(changes, from: ReadOnlyOutputs(store: self))
        return true
    }

    /// `changes(since:)` with both snapshots passed by address, so neither is copied for the call.
    @inlinable
    static func changes(of new: inout Outputs, since old: inout Outputs) -> ChangeSet<Outputs> {
        new.changes(since: old)
    }

    @usableFromInline
    static var nestingMessage: String {
        "OutputStore<\(Outputs.self)> was changed from inside its own update. "
            + "To fix: make one update per input event and pass `inout \(Outputs.self)` to helpers."
    }
}
