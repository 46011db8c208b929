public import Observation
public import PureMVVM

/// A ViewModel's outputs for SwiftUI: a reload delegate that a view reads as observable state, one output at a time.
///
/// Make it the delegate of a ViewModel whose delegate protocol is
/// [`ReloadDelegate`](/documentation/puremvvm/reloaddelegate) alone (a row's child ViewModel, say), or let
/// ``ObservedScreen`` hold one for a screen. A view reads outputs through it (`outputs.border`), and Observation
/// records each output a view reads: a reload invalidates a view only when it changes an output that view read. A
/// reload whose change set is empty invalidates nothing.
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
    /// How a view's read of one output is observed: through the key path Observation knows it by, and how to tell
    /// whether a reload changed it. Made at the output's first read, then looked up.
    private struct Watch {
        let access: (ObservableOutputs) -> Void
        let willSet: (ObservableOutputs) -> Void
        let didSet: (ObservableOutputs) -> Void
        let differs: (Outputs, Outputs) -> Bool
    }

    private let registrar = ObservationRegistrar()
    private var current: Outputs
    /// The key path of all the outputs, made once: a key path of a generic type is made anew at each use.
    private let whole: KeyPath<ObservableOutputs, Outputs>
    /// Whether a view has read ``snapshot``: until one has, a reload tells Observation of no change of the whole.
    private var isWholeWatched = false
    /// The outputs views have read, by their key path in `Outputs`.
    private var watched: [PartialKeyPath<Outputs>: Watch] = [:]
    /// The same watches by the identity of the key path a view read last with: a view's `\.border` is one object
    /// that every read passes, found without hashing it. Each key path is kept with its entry, so its identity
    /// cannot pass to another; a view that makes its key paths anew (in generic code) makes the table forget,
    /// never grow past ``identityTableSize``.
    private var watchedByIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, watch: Watch)] = [:]
    private let identityTableSize = 64

    /// Creates the observable outputs of a ViewModel.
    ///
    /// - Parameter outputs: The ViewModel's outputs now (`viewModel.outputs`), which views read until the first
    ///   reload.
    public init(_ outputs: Outputs) {
        current = outputs
        whole = \ObservableOutputs.current
    }

    /// One output, read by a view: Observation records the read, and the next reload that changes this output
    /// invalidates the view.
    ///
    /// - Parameter keyPath: The output, such as `\.border`.
    /// - Returns: Its value.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Outputs, Value>) -> Value {
        let identity = ObjectIdentifier(keyPath)
        let watch: Watch
        if let known = watchedByIdentity[identity], known.keyPath === keyPath {
            watch = known.watch
        } else {
            watch = watched[keyPath] ?? startWatching(keyPath)
            if watchedByIdentity.count >= identityTableSize { watchedByIdentity.removeAll(keepingCapacity: true) }
            watchedByIdentity[identity] = (keyPath, watch)
        }
        watch.access(self)
        return current[keyPath: keyPath]
    }

    /// The watch of an output read for the first time: the key path Observation knows it by is the output's path
    /// from this object (`\.current.border`), so each output is observed apart from the others.
    private func startWatching<Value>(_ keyPath: KeyPath<Outputs, Value>) -> Watch {
        let observed = (\ObservableOutputs.current).appending(path: keyPath)
        let watch = Watch(
            access: { $0.registrar.access($0, keyPath: observed) },
            willSet: { $0.registrar.willSet($0, keyPath: observed) },
            didSet: { $0.registrar.didSet($0, keyPath: observed) },
            differs: OutputEquality.differs(keyPath))
        watched[keyPath] = watch
        return watch
    }

    /// All the outputs at once: a view that reads them so is invalidated by every reload that changes any of them.
    public var snapshot: Outputs {
        isWholeWatched = true
        registrar.access(self, keyPath: whole)
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
        if isWholeWatched { registrar.willSet(self, keyPath: whole) }
        for watch in changed { watch.willSet(self) }
        current = new
        for watch in changed { watch.didSet(self) }
        if isWholeWatched { registrar.didSet(self, keyPath: whole) }
    }
}
