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
/// reload naming them. Use ``set(_:to:field:notifying:)-(_,Value,_,_)`` when an input changes one output of many,
/// as on a screen with hundreds of outputs that change one at a time: it compares that output alone, so its cost
/// does not grow with the screen, where `update` compares every output whatever its body assigned. On a screen of a
/// few outputs the two cost about the same. The Performance article has the figures.
@MainActor
public final class OutputStore<Outputs: ViewOutputs> {
    /// The current outputs. Only ``update(notifying:_:)`` and ``set(_:to:field:notifying:)-(_,Value,_,_)`` change
    /// them.
    @inlinable
    public var outputs: Outputs { cell.outputs }

    /// The outputs, and the baseline of the reload in progress. Internal but `@usableFromInline`, as the methods
    /// below are `@inlinable`: a ViewModel's module then specialises `update` and `set` for its own outputs instead
    /// of running generic code on every input event.
    @usableFromInline let cell: OutputCell<Outputs>

    /// Creates a store with the outputs a screen shows before any input.
    ///
    /// - Parameter initial: The outputs before the first input event.
    public init(_ initial: Outputs) {
        cell = OutputCell(initial)
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
        precondition(!cell.isUpdating, Self.nestingMessage)
        cell.isUpdating = true
        defer { cell.isUpdating = false }
        var next = cell.outputs
        try body(&next)
        // The edit moves into the store and the outputs before it into `next`, which is compared in place and then
        // consumed by the reload as its baseline: nothing is copied.
        swap(&cell.outputs, &next)
        let changes = Self.changes(of: &cell.outputs, since: &next)
        cell.isUpdating = false
        if !changes.isEmpty { reload(delegate, changes, since: consume next) }
        return changes
    }

    /// Sets one output and reloads the delegate with just that output if its value changed.
    ///
    /// This compares one value instead of every output, so its cost does not grow with the number of outputs.
    /// `field` must name the output `keyPath` points to; `PureMVVMTesting`'s contract checks catch a mismatch.
    /// A view that asks for the changes of ``Rows`` inside the output set (a struct holding rows) gets
    /// ``RowChanges/fullReload``: change such rows in an update, or set the rows themselves.
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
        precondition(!cell.isUpdating, Self.nestingMessage)
        guard cell.outputs[keyPath: keyPath] != value else { return false }
        cell.outputs[keyPath: keyPath] = value
        reload(delegate, field, replacing: keyPath, size: MemoryLayout<Value>.size, rows: nil)
        return true
    }

    /// Sets one ``Rows`` output and reloads the delegate with just that output if a row changed; during the
    /// reload, ``ReadOnlyOutputs/changes(of:)`` compares the rows with the ones this replaced.
    ///
    /// - Parameters:
    ///   - keyPath: The rows to set.
    ///   - rows: The new rows.
    ///   - field: The name of the same output, sent in the reload.
    ///   - delegate: The view to reload, usually the ViewModel's `delegate`.
    /// - Returns: `true` when the rows changed and a reload was sent (or would have been, with no delegate).
    @inlinable
    @discardableResult
    public func set<Row>(
        _ keyPath: WritableKeyPath<Outputs, Rows<Row>>,
        to rows: Rows<Row>,
        field: Outputs.Field,
        notifying delegate: (any ReloadDelegate<Outputs>)?
    ) -> Bool {
        precondition(!cell.isUpdating, Self.nestingMessage)
        guard cell.outputs[keyPath: keyPath] != rows else { return false }
        var old = rows
        swap(&cell.outputs[keyPath: keyPath], &old)
        reload(delegate, field, replacing: keyPath, size: MemoryLayout<Rows<Row>>.size, rows: old)
        return true
    }

    /// `changes(since:)` with both outputs passed by address, so that neither is copied for the call.
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
