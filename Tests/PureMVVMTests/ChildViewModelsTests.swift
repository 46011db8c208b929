import TestSupport
import XCTest

@testable import PureMVVM

/// A row's child ViewModel in these tests: remembers its row and reaches its parent through a callback.
@MainActor
final class ItemViewModel {
    private(set) var row: Item
    private let onRemove: (Int) -> Void

    init(row: Item, onRemove: @escaping (Int) -> Void) {
        self.row = row
        self.onRemove = onRemove
    }

    func rowDidChange(_ row: Item) { self.row = row }
    func removeButtonDidTap() { onRemove(row.id) }
}

/// A parent that keeps one child per row and hears from them through weak callbacks.
@MainActor
final class ItemListViewModel {
    private(set) var rows: Rows<Item>
    let children = ChildViewModels<Item, ItemViewModel> { child, row in child.rowDidChange(row) }

    init(_ rows: Rows<Item>) { self.rows = rows }

    func child(at index: Int) -> ItemViewModel {
        children.child(for: rows[index]) { row in
            ItemViewModel(row: row) { [weak self] id in self?.remove(id) }
        }
    }

    func replaceRows(_ rows: Rows<Item>) {
        self.rows = rows
        children.update(for: rows)
    }

    private func remove(_ id: Int) {
        rows.remove(id: id)
        children.update(for: rows)
    }
}

@MainActor
final class ChildViewModelsTests: GuardedTestCase {
    func testTheSameIDKeepsTheSameChildAcrossRefreshesAndPages() async {
        let parent = ItemListViewModel([Item(id: 1), Item(id: 2)])
        let first = parent.child(at: 0)
        let second = parent.child(at: 1)
        XCTAssertTrue(parent.child(at: 0) === first)

        parent.replaceRows([Item(id: 0), Item(id: 1, value: "new"), Item(id: 2), Item(id: 3)])
        XCTAssertTrue(parent.child(at: 1) === first, "a refresh keeps the child of the same ID")
        XCTAssertEqual(first.row, Item(id: 1, value: "new"), "and tells it its row's new value")
        XCTAssertTrue(parent.child(at: 2) === second)
        XCTAssertEqual(parent.children.count, 2, "children are made only for rows asked for")
        XCTAssertNil(parent.children[id: 0])
        let top = parent.child(at: 0)
        XCTAssertTrue(parent.children[id: 0] === top)
        XCTAssertEqual(parent.children.count, 3)
    }

    func testARemovedRowsChildIsReleased() async {
        let parent = ItemListViewModel([Item(id: 1), Item(id: 2)])
        weak var removed: ItemViewModel?
        do {
            let child = parent.child(at: 0)
            _ = parent.child(at: 1)
            removed = child
            child.removeButtonDidTap()  // the child reaches its parent through its callback
        }
        XCTAssertNil(removed, "the parent released the child of the row that is gone")
        XCTAssertEqual(parent.rows.map(\.id), [2])
        XCTAssertEqual(parent.children.count, 1)
    }

    func testFreeingTheParentFreesEveryChild() async {
        weak var weakParent: ItemListViewModel?
        weak var weakChild: ItemViewModel?
        do {
            let parent = ItemListViewModel([Item(id: 1)])
            weakChild = parent.child(at: 0)
            weakParent = parent
        }
        XCTAssertNil(weakParent, "the child reaches its parent only weakly")
        XCTAssertNil(weakChild)
    }

    func testAChildAskedForWithANewRowValueIsToldOnce() async {
        var told: [Item] = []
        let children = ChildViewModels<Item, ItemViewModel> { child, row in
            told.append(row)
            child.rowDidChange(row)
        }
        let make: (Item) -> ItemViewModel = { ItemViewModel(row: $0) { _ in } }
        let child = children.child(for: Item(id: 1), makeChild: make)
        XCTAssertTrue(children.child(for: Item(id: 1, value: "x"), makeChild: make) === child)
        XCTAssertTrue(children.child(for: Item(id: 1, value: "x"), makeChild: make) === child)
        XCTAssertEqual(told, [Item(id: 1, value: "x")])
        children.removeAll()
        XCTAssertEqual(children.count, 0)
    }

    func testAnObserverHearsOfEveryChildKeptAndMade() async {
        let parent = ItemListViewModel([Item(id: 1), Item(id: 2)])
        _ = parent.child(at: 0)
        var seen: [String] = []
        parent.children.observeChildren { _, id in seen.append(id) }
        _ = parent.child(at: 1)
        _ = parent.child(at: 1)
        XCTAssertEqual(seen, ["1", "2"])
    }
}
