import PureMVVM
import PureMVVMObservation

/// A list of the kind the adapter serves: rows as an output, and one child ViewModel per row.
struct ItemRow: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

struct ItemsOutputs: ViewOutputs {
    var rows = Rows<ItemRow>()
    var heading = "Items"

    enum Field: Int, OutputField { case rows, heading }

    func hasChanged(_ field: Field, since old: ItemsOutputs) -> Bool {
        switch field {
        case .rows: rows != old.rows
        case .heading: heading != old.heading
        }
    }
}

@MainActor final class ItemsViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ItemsOutputs>)?
    var outputs: ItemsOutputs { store.outputs }
    private let store = OutputStore(ItemsOutputs())
    private let children = ChildViewModels<ItemRow, ItemRowViewModel>(rowDidChange: { $0.rowDidChange($1) })

    func itemsDidLoad(_ titles: [String]) {
        store.update(notifying: delegate) { outputs in
            outputs.rows = Rows(titles.enumerated().map { ItemRow(id: $0.offset, title: $0.element) })
        }
        children.update(for: outputs.rows)
    }

    func itemDidRename(id: Int, to title: String) {
        store.update(notifying: delegate) { outputs in
            _ = outputs.rows.update(ItemRow(id: id, title: title))
        }
        children.update(for: outputs.rows)
    }

    func itemDidDelete(id: Int) {
        store.update(notifying: delegate) { outputs in _ = outputs.rows.remove(id: id) }
        children.update(for: outputs.rows)
    }

    func child(for row: ItemRow) -> ItemRowViewModel {
        children.child(for: row) { ItemRowViewModel(row: $0) }
    }
}

struct ItemRowOutputs: ViewOutputs {
    var title: String
    var isStarred = false

    enum Field: Int, OutputField { case title, isStarred }

    func hasChanged(_ field: Field, since old: ItemRowOutputs) -> Bool {
        switch field {
        case .title: title != old.title
        case .isStarred: isStarred != old.isStarred
        }
    }
}

@MainActor final class ItemRowViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ItemRowOutputs>)?
    var outputs: ItemRowOutputs { store.outputs }
    private let store: OutputStore<ItemRowOutputs>

    init(row: ItemRow) {
        store = OutputStore(ItemRowOutputs(title: row.title))
    }

    func starButtonDidTap() {
        store.update(notifying: delegate) { $0.isStarred.toggle() }
    }

    func rowDidChange(_ row: ItemRow) {
        store.update(notifying: delegate) { $0.title = row.title }
    }
}
