/// State that several screens read and change, such as an order's delivery note that the orders list shows in the
/// order's row and the order's details screen saves: one value, held by one object that each screen's ViewModel is
/// given, and every screen that shows it hears it change.
///
/// ```swift
/// // Made once, where the screens are made, and handed to each:
/// let notes = SharedState([Order.ID: String](), label: "delivery notes")
///
/// // A screen that shows the state observes it, and shows each change
/// // another makes:
/// notes.observe(by: self) { [weak self] notes in
///     self?.notesDidChange(notes)
/// }
///
/// // A screen that changes it shows the change itself, in its own reload:
/// notes.update(by: self) { $0[order.id] = order.deliveryNote }
/// ```
///
/// The value is read with ``value``, changed with ``update(by:_:)``, and heard with ``observe(by:_:)``, on the main
/// actor, where ViewModels run. A change that leaves the value as it was is no change: nobody hears it. The
/// observers are held weakly, by the object given (the ViewModel): a screen that is gone hears nothing, and keeps
/// nothing alive. An observer that holds its ViewModel strongly would keep it alive for as long as the state lives:
/// capture it `[weak self]`.
///
/// In a test, `PureMVVMTesting`'s tester sees every change: one that the test does not assert fails it (see "State
/// shared between screens" in the testing module's article).
@MainActor
public final class SharedState<Value: Equatable & Sendable> {
    /// The value now.
    public private(set) var value: Value
    /// What messages call the state, such as "delivery notes"; its type by default.
    public let label: String?

    private struct Observer {
        weak var owner: AnyObject?
        let didChange: @MainActor (Value) -> Void
    }

    private var observers: [Observer] = []

    /// Creates a shared state.
    ///
    /// - Parameters:
    ///   - value: Its first value.
    ///   - label: What messages call it, such as "delivery notes"; its type by default.
    public init(_ value: Value, label: String? = nil) {
        self.value = value
        self.label = label
    }

    /// Changes the value. When it differs afterwards, every observer other than `changer` hears the new value, in
    /// the order they started observing: the screen that changes the state shows the change in its own reload, the
    /// others in theirs.
    ///
    /// - Parameters:
    ///   - changer: The ViewModel making the change, whose observer is not called; `nil` when no observer made it.
    ///   - change: Edits the value.
    public func update(by changer: AnyObject? = nil, _ change: (inout Value) -> Void) {
        let old = value
        change(&value)
        guard value != old else { return }
        if let watcher = SharedStateWatch.watcher {
            watcher.sharedState(self, label: label ?? "\(Self.self)", changedFrom: old, to: value)
        }
        observers.removeAll { $0.owner == nil }
        let new = value
        for observer in observers where observer.owner !== changer && observer.owner != nil {
            observer.didChange(new)
        }
    }

    /// Calls `didChange` with the new value after each change that another makes, for as long as `observer` lives.
    ///
    /// - Parameters:
    ///   - observer: The ViewModel that shows the state, held weakly; its observing ends when it is freed.
    ///   - didChange: Shows the new value; it must not hold `observer` strongly.
    public func observe(by observer: AnyObject, _ didChange: @escaping @MainActor (Value) -> Void) {
        observers.append(Observer(owner: observer, didChange: didChange))
    }
}
