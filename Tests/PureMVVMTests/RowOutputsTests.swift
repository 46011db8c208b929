import TestSupport
import XCTest

@testable import PureMVVM

/// Outputs with rows: a list, a title, and rows inside another value.
struct ListOutputs: ViewOutputs {
    struct Section: Equatable, Sendable {
        var items = Rows<Item>()
    }

    var items = Rows<Item>()
    var title = ""
    var archive = Section()

    enum Field: Int, OutputField { case items, title, archive }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .items: items != old.items
        case .title: title != old.title
        case .archive: archive != old.archive
        }
    }
}

/// A view that asks for the row changes of both lists in every reload, as a table view would.
@MainActor
final class ListView: ReloadDelegate {
    var itemChanges: [RowChanges] = []
    var archiveChanges: [RowChanges] = []
    var kept: ReadOnlyOutputs<ListOutputs>?
    var onReload: (() -> Void)?

    func reloadViews(_ changes: ChangeSet<ListOutputs>, from outputs: ReadOnlyOutputs<ListOutputs>) {
        onReload?()
        itemChanges.append(outputs.changes(of: \.items))
        archiveChanges.append(outputs.changes(of: \.archive.items))
        kept = outputs
    }
}

@MainActor
final class RowOutputsTests: GuardedTestCase {
    private func store(_ ids: [Int]) -> OutputStore<ListOutputs> {
        OutputStore(ListOutputs(items: Rows(ids.map { Item(id: $0) })))
    }

    func testAnUpdateTellsTheViewWhichRowsChanged() async {
        let store = store([1, 2, 3])
        let view = ListView()
        store.update(notifying: view) {
            $0.items.remove(id: 1)
            $0.items.append(Item(id: 4))
            $0.items.update(Item(id: 3, value: "new"))
        }
        XCTAssertEqual(view.itemChanges, [RowChanges(deletions: [0], insertions: [2], updates: [1])])
        XCTAssertEqual(view.archiveChanges, [RowChanges()], "rows that did not change: no row changes")
    }

    func testASetOfTheRowsTellsTheViewWhichRowsChanged() async {
        let store = store([1, 2, 3])
        let view = ListView()
        var rows = store.outputs.items
        rows.insert(Item(id: 0), at: 0)
        store.set(\.items, to: rows, field: .items, notifying: view)
        XCTAssertEqual(view.itemChanges, [RowChanges(insertions: [0])])
        XCTAssertEqual(view.archiveChanges, [RowChanges()])
    }

    func testASetOfEqualRowsSendsNoReload() async {
        let store = store([1, 2, 3])
        let view = ListView()
        let equal = Rows([Item(id: 1), Item(id: 2), Item(id: 3)])
        let changed = store.set(\.items, to: equal, field: .items, notifying: view)
        XCTAssertFalse(changed)
        XCTAssertEqual(view.itemChanges, [], "equal rows in other storage: nothing changed, no reload")
    }

    func testASetOfAnotherOutputLeavesTheRowsUnchanged() async {
        let store = store([1, 2, 3])
        let view = ListView()
        store.set(\.title, to: "Orders", field: .title, notifying: view)
        XCTAssertEqual(view.itemChanges, [RowChanges()], "rows stored just before the output set")
        XCTAssertEqual(view.archiveChanges, [RowChanges()], "rows stored just after it: told apart, no full reload")
    }

    func testASetOfAValueHoldingRowsRedrawsTheRowsInside() async {
        let store = store([])
        store.update(notifying: nil) { $0.archive.items = [Item(id: 7), Item(id: 8)] }
        let view = ListView()
        store.set(\.archive, to: ListOutputs.Section(items: [Item(id: 8)]), field: .archive, notifying: view)
        XCTAssertEqual(view.archiveChanges, [.fullReload], "the rows before the set are not kept: always right")
        XCTAssertEqual(view.itemChanges, [RowChanges()], "rows outside the output that was set did not change")
    }

    func testASetOfRowsFromGenericCodeRedrawsThem() async {
        func setAll<Value: Equatable>(
            _ keyPath: WritableKeyPath<ListOutputs, Value>, _ value: Value, in store: OutputStore<ListOutputs>,
            notifying view: ListView
        ) {
            store.set(keyPath, to: value, field: .items, notifying: view)
        }
        let store = store([1])
        let view = ListView()
        setAll(\.items, Rows([Item(id: 1), Item(id: 2)]), in: store, notifying: view)
        XCTAssertEqual(view.itemChanges, [.fullReload], "set as any value, the rows' old value is not kept")
        XCTAssertEqual(view.archiveChanges, [RowChanges()])
    }

    func testAnUpdateComparesRowsInsideAStructOutput() async {
        let store = store([])
        store.update(notifying: nil) { $0.archive.items = [Item(id: 7), Item(id: 8)] }
        let view = ListView()
        store.update(notifying: view) { $0.archive.items.remove(id: 7) }
        XCTAssertEqual(view.archiveChanges, [RowChanges(deletions: [0])])
        XCTAssertEqual(view.itemChanges, [RowChanges()])
    }

    func testOutsideAReloadTheViewRedrawsTheWholeList() async {
        let store = store([1, 2])
        let view = ListView()
        store.update(notifying: view) { $0.items.append(Item(id: 3)) }
        XCTAssertEqual(view.kept?.changes(of: \.items), .fullReload, "read after its reload returned")
        XCTAssertEqual(ReadOnlyOutputs(store.outputs).changes(of: \.items), .fullReload, "a first full draw")
        XCTAssertTrue(RowChanges.fullReload.isFullReload)
    }

    func testOutputsMadeSinceEarlierOnesCompareTheirRows() async {
        let before = ListOutputs(items: [Item(id: 1), Item(id: 2)])
        var after = before
        after.items.remove(id: 1)
        let outputs = ReadOnlyOutputs(after, since: before)
        XCTAssertEqual(outputs.changes(of: \.items), RowChanges(deletions: [0]))
        XCTAssertEqual(outputs.changes(of: \.items), RowChanges(deletions: [0]), "as often as asked")
        XCTAssertEqual(outputs.changes(of: \.archive.items), RowChanges())
    }

    /// The row changes two views are told when an update that appends a row reloads `outer`, and `outer`'s reload
    /// makes a nested change that reloads `inner`; `outer` asks for its rows after the nested reload returned.
    private func nestedReloads(
        _ nested: @escaping (OutputStore<ListOutputs>, ListView) -> Void
    ) -> (outer: [RowChanges], inner: [RowChanges]) {
        let store = store([1])
        let outer = ListView()
        let inner = ListView()
        var isNested = false
        outer.onReload = {
            guard !isNested else { return }
            isNested = true
            nested(store, inner)
        }
        store.update(notifying: outer) { $0.items.append(Item(id: 2)) }
        return (outer.itemChanges, inner.itemChanges)
    }

    func testAReloadInsideAReloadRestoresTheOuterBaseline() async {
        let told = nestedReloads { store, inner in
            store.set(\.title, to: "inner", field: .title, notifying: inner)
        }
        XCTAssertEqual(told.inner, [RowChanges()])
        XCTAssertEqual(told.outer, [RowChanges(insertions: [1])])
    }

    func testAnUpdateInsideAnUpdatesReloadRestoresTheOuterBaseline() async {
        let told = nestedReloads { store, inner in
            store.update(notifying: inner) { $0.title = "inner" }
        }
        XCTAssertEqual(told.inner, [RowChanges()], "the inner update changed no row")
        XCTAssertEqual(told.outer, [RowChanges(insertions: [1])], "asked after the inner reload returned")
    }

    func testADuplicateIDIsNamedWithBothPositions() {
        let message = Rows<Item>.duplicateIDMessage(7, in: [Item(id: 1), Item(id: 7), Item(id: 2), Item(id: 7)])
        XCTAssertEqual(
            message,
            "Rows<Item>: two rows have the ID 7 (at 1 and 3); every row needs an ID of its own. To fix: give each "
                + "row a unique `id`, or add rows that may repeat an ID with merge(_:), which replaces the row with "
                + "that ID.")
    }
}
