/// A ViewModel's outputs as its view reads them in ``ReloadDelegate/reloadViews(_:from:)``: in place, one output
/// at a time, and read-only.
///
/// Read an output by name, as in `outputs.usernameBorder`. The read goes straight to the one value in the
/// ViewModel's ``OutputStore``, so reading one output of a thousand costs the same as reading one of ten; a
/// view never copies all the outputs to show one. Nothing a view can do with it changes an output.
///
/// ```swift
/// func reloadViews(
///     _ changes: ChangeSet<LoginOutputs>,
///     from outputs: ReadOnlyOutputs<LoginOutputs>
/// ) {
///     if changes.contains(.usernameBorder) {
///         usernameField.border = outputs.usernameBorder
///     }
///     if changes.contains(.isLoginEnabled) {
///         loginButton.isEnabled = outputs.isLoginEnabled
///     }
/// }
/// ```
///
/// It shows the outputs as they are when read: read it during the reload, and keep ``snapshot`` to remember
/// them. To draw everything when a view first appears, or in a test, make one from a snapshot:
/// `reloadViews(.all, from: ReadOnlyOutputs(viewModel.outputs))` (see ``ChangeSet/all``).
@MainActor
@dynamicMemberLookup
public struct ReadOnlyOutputs<Outputs: ViewOutputs> {
    /// The store the outputs live in. Internal, so a view cannot reach the store's `update` or `set`.
    @usableFromInline let store: OutputStore<Outputs>

    /// Reads a store's outputs in place: what ``OutputStore`` hands its delegate.
    @inlinable
    init(store: OutputStore<Outputs>) {
        self.store = store
    }

    /// Shows a copy of some outputs, for a view's first full draw, a ViewModel that keeps its outputs without an
    /// ``OutputStore``, or a test.
    ///
    /// - Parameter snapshot: The outputs to show; later changes to the original are not seen.
    public init(_ snapshot: Outputs) {
        store = OutputStore(snapshot: snapshot, since: nil)
    }

    /// Reads one output by name, as in `outputs.isLoginEnabled`, without copying the others.
    ///
    /// - Parameter keyPath: The output's key path in `Outputs`.
    /// - Returns: The output's current value.
    @inlinable @inline(__always)
    public subscript<Value>(dynamicMember keyPath: KeyPath<Outputs, Value>) -> Value {
        store.cell.outputs[keyPath: keyPath]
    }

    /// A copy of every output, to keep or compare; it does not change when the ViewModel's outputs do.
    @inlinable
    public var snapshot: Outputs { store.cell.outputs }
}
