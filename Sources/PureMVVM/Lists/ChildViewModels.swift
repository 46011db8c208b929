/// Keeps one child ViewModel per row ID: the ViewModel of a row's cell, a class with outputs of its own.
///
/// The parent ViewModel keeps one in a `let` and asks it for a row's child when the view shows the row; the same
/// ID gets the same instance across refreshes and pages, and the child of a row that is gone is released when
/// the parent passes its new rows to ``update(for:)``:
///
/// ```swift
/// private let rowViewModels =
///     ChildViewModels<OrderRow, OrderRowViewModel> { child, row in
///         child.rowDidChange(row)
///     }
///
/// func rowViewModel(at index: Int) -> OrderRowViewModel {
///     rowViewModels.child(for: outputs.orders[index]) { [service] row in
///         OrderRowViewModel(row: row, service: service) { [weak self] id in
///             self?.orderDidCancel(id)
///         }
///     }
/// }
/// ```
///
/// The ownership rules: the parent holds this keeper strongly, and the keeper holds each child strongly; a child
/// reaches its parent only through a callback that captures the parent `weak`ly (or a `weak` reference), and
/// reaches its own view (the cell) through its own `weak` delegate. Nothing else holds a child for long: a cell
/// may hold the child it shows until it is reused. Then freeing the parent frees every child, and
/// `PureMVVMTesting`'s leak checks, which follow the children that a tracked ViewModel's keepers make, find any
/// cycle.
///
/// A child is made the first time its row is asked for, so a list of 10,000 rows makes children only for the
/// rows shown.
@MainActor
public final class ChildViewModels<Row: Identifiable & Equatable & Sendable, Child: AnyObject> where Row.ID: Sendable {
    private struct Entry {
        let child: Child
        var row: Row
    }

    private var entries: [Row.ID: Entry] = [:]
    private let rowDidChange: @MainActor (Child, Row) -> Void
    private var observers: [@MainActor (AnyObject, String) -> Void] = []

    /// Creates a keeper with no children yet.
    ///
    /// - Parameter rowDidChange: Tells an existing child that its row has a new value (the same ID); nothing by
    ///   default.
    public init(rowDidChange: @escaping @MainActor (Child, Row) -> Void = { _, _ in }) {
        self.rowDidChange = rowDidChange
        LiveKeepers.keeperDidStart(self)
    }

    /// The child of a row: the one made for its ID before (told the row's new value if it changed), or a new one.
    ///
    /// - Parameters:
    ///   - row: A row the view shows.
    ///   - makeChild: Makes the child when its ID has none. Give the child what it needs to reach the parent as
    ///     a callback that captures the parent `weak`ly.
    /// - Returns: The row's child; the same instance for the same ID until the row is gone.
    public func child(for row: Row, makeChild: (Row) -> Child) -> Child {
        if let entry = entries[row.id] {
            if entry.row != row {
                entries[row.id]?.row = row
                rowDidChange(entry.child, row)
            }
            return entry.child
        }
        let child = makeChild(row)
        entries[row.id] = Entry(child: child, row: row)
        for observer in observers { observer(child, String(reflecting: row.id)) }
        return child
    }

    /// The child made for an ID, if any.
    ///
    /// - Parameter id: A row's ID.
    /// - Returns: The child, or `nil` when none was made for it or its row is gone.
    public subscript(id id: Row.ID) -> Child? {
        entries[id]?.child
    }

    /// How many children are kept.
    public var count: Int { entries.count }

    /// Keeps the children of the rows still there, telling each its row's new value if it changed, and releases
    /// the others. Call it whenever the parent's rows change, with the new rows.
    ///
    /// - Parameter rows: The parent's rows now.
    public func update(for rows: Rows<Row>) {
        guard !entries.isEmpty else { return }
        var kept: [Row.ID: Entry] = [:]
        var changed: [(Child, Row)] = []
        for row in rows where kept.count < entries.count {
            guard var entry = entries[row.id] else { continue }
            if entry.row != row {
                entry.row = row
                changed.append((entry.child, row))
            }
            kept[row.id] = entry
        }
        entries = kept
        for (child, row) in changed { rowDidChange(child, row) }
    }

    /// Releases every child.
    public func removeAll() {
        entries.removeAll()
    }
}

/// Lets the test support follow the children a keeper makes, to check that each is freed, and ask a keeper whether
/// it is what still holds a child that should have been freed.
@MainActor
package protocol ChildViewModelsKeeper: AnyObject {
    /// Calls `observer` with every child kept now and every child made from now on, with its row's ID.
    func observeChildren(_ observer: @escaping @MainActor (_ child: AnyObject, _ id: String) -> Void)
    /// The ID of the row the keeper keeps `child` for, or `nil` when it does not keep it.
    func rowID(keeping child: AnyObject) -> AnyHashable?
    /// The type of the rows, to find the owner's rows of that type.
    var rowType: Any.Type { get }
}

extension ChildViewModels: ChildViewModelsKeeper {
    package func observeChildren(_ observer: @escaping @MainActor (_ child: AnyObject, _ id: String) -> Void) {
        for (id, entry) in entries { observer(entry.child, String(reflecting: id)) }
        observers.append(observer)
    }

    package func rowID(keeping child: AnyObject) -> AnyHashable? {
        entries.first { $0.value.child === child }.map { AnyHashable($0.key) }
    }

    package var rowType: Any.Type { Row.self }
}
