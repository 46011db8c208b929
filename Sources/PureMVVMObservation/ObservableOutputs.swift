public import Observation
public import PureMVVM

/// A ViewModel's outputs for SwiftUI: a reload delegate that a view reads as observable state, one output at a time.
///
/// Make it the delegate of a ViewModel whose delegate protocol is ``PureMVVM/ReloadDelegate`` alone (a row's child
/// ViewModel, say), or let ``ObservedScreen`` hold one for a screen. A view reads outputs through it
/// (`outputs.border`), and Observation records each output a view reads: a reload invalidates a view only when it
/// changes an output that view read. A reload whose change set is empty invalidates nothing.
///
/// ```swift
/// let outputs = ObservableOutputs(row.outputs)
/// row.delegate = outputs               // held weakly by the ViewModel: keep `outputs` alive
/// Text(outputs.title)                   // redrawn when `title` changes, and only then
/// ```
///
/// An output counts as changed when the reload names changes and the output's new value differs from the one the
/// view read (`==`, for outputs that are `Equatable`; an output that is not is taken as changed by every reload).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservableOutputs<Outputs: ViewOutputs>: Observable, ReloadDelegate {
    /// How a view's read of one output is observed: the key path Observation knows it by, and how to tell whether
    /// a reload changed it.
    private struct Watch {
        let willSet: (ObservableOutputs) -> Void
        let didSet: (ObservableOutputs) -> Void
        let differs: (Outputs, Outputs) -> Bool
    }

    private let registrar = ObservationRegistrar()
    private var current: Outputs
    /// The outputs views have read, by their key path in `Outputs`.
    private var watched: [PartialKeyPath<Outputs>: Watch] = [:]

    /// Creates the observable outputs of a ViewModel.
    ///
    /// - Parameter outputs: The ViewModel's outputs now (`viewModel.outputs`), which views read until the first
    ///   reload.
    public init(_ outputs: Outputs) {
        current = outputs
    }

    /// One output, read by a view: Observation records the read, and the next reload that changes this output
    /// invalidates the view.
    ///
    /// - Parameter keyPath: The output, such as `\.border`.
    /// - Returns: Its value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Outputs, Value>) -> Value {
        let observed = (\ObservableOutputs.current).appending(path: keyPath)
        if watched[keyPath] == nil {
            watched[keyPath] = Watch(
                willSet: { $0.registrar.willSet($0, keyPath: observed) },
                didSet: { $0.registrar.didSet($0, keyPath: observed) },
                differs: { old, new in !OutputEquality.isEqual(old[keyPath: keyPath], new[keyPath: keyPath]) })
        }
        registrar.access(self, keyPath: observed)
        return current[keyPath: keyPath]
    }

    /// All the outputs at once: a view that reads them so is invalidated by every reload that changes any of them.
    public var snapshot: Outputs {
        registrar.access(self, keyPath: \.current)
        return current
    }

    /// Takes a reload: the outputs views read that it changed invalidate those views.
    ///
    /// - Parameters:
    ///   - changes: What changed; nothing is invalidated when it is empty.
    ///   - outputs: The ViewModel's outputs after the change.
    public func reloadViews(_ changes: ChangeSet<Outputs>, from outputs: ReadOnlyOutputs<Outputs>) {
        guard !changes.isEmpty else { return }
        let new = outputs.snapshot
        let changed = watched.values.filter { $0.differs(current, new) }
        registrar.willSet(self, keyPath: \.current)
        for watch in changed { watch.willSet(self) }
        current = new
        for watch in changed { watch.didSet(self) }
        registrar.didSet(self, keyPath: \.current)
    }
}
