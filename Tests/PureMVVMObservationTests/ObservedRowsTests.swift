import Observation
import PureMVVM
import PureMVVMObservation
import TestSupport
import XCTest

/// Rows through the adapter: `ForEach` over a `Rows` output, and each row's child ViewModel with observable outputs
/// of its own, so that a row's change invalidates that row's view alone.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor final class ObservedRowsTests: GuardedTestCase {
    private typealias Screen = ObservedScreen<ItemsViewModel, Never, Never>

    func testTheRowsAreACollectionOfIdentifiedRowsAForEachCanShow() async {
        let screen = Screen(ItemsViewModel())
        let rows = Invalidations.of { _ = screen.rows }
        let heading = Invalidations.of { _ = screen.heading }
        screen.viewModel.itemsDidLoad(["Tea", "Rice"])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(heading.count, 0)
        XCTAssertEqual(screen.rows.map(\.id), [0, 1], "what ForEach(screen.rows) identifies its rows by")
        XCTAssertEqual(screen.rows.map(\.title), ["Tea", "Rice"])
    }

    func testEachRowsChildGetsItsOwnOutputsAndOnlyItsViewIsInvalidated() async {
        let screen = Screen(ItemsViewModel())
        screen.viewModel.itemsDidLoad(["Tea", "Rice"])
        let tea = screen.outputs(of: screen.viewModel.child(for: screen.rows[0]))
        let rice = screen.outputs(of: screen.viewModel.child(for: screen.rows[1]))
        XCTAssertTrue(
            tea === screen.outputs(of: screen.viewModel.child(for: screen.rows[0])), "the same outputs every time")
        XCTAssertEqual(tea.title, "Tea")

        let teaTitle = Invalidations.of { _ = tea.title }
        let teaStar = Invalidations.of { _ = tea.isStarred }
        let riceTitle = Invalidations.of { _ = rice.title }
        let list = Invalidations.of { _ = screen.heading }
        screen.viewModel.child(for: screen.rows[0]).starButtonDidTap()
        XCTAssertEqual(teaStar.count, 1)
        XCTAssertTrue(tea.isStarred)
        XCTAssertEqual(teaTitle.count, 0)
        XCTAssertEqual(riceTitle.count, 0, "another row's view is left as it is")
        XCTAssertEqual(list.count, 0, "and so is the list's")

        screen.viewModel.itemDidRename(id: 1, to: "Brown rice")
        XCTAssertEqual(riceTitle.count, 1)
        XCTAssertEqual(rice.title, "Brown rice")
    }

    func testARowsChildAndItsOutputsAreNotKeptAfterTheRowGoes() async {
        let screen = Screen(ItemsViewModel())
        screen.viewModel.itemsDidLoad(["Tea", "Rice"])
        weak var child: ItemRowViewModel?
        weak var outputs: ObservableOutputs<ItemRowOutputs>?
        do {
            let rice = screen.viewModel.child(for: screen.rows[1])
            outputs = screen.outputs(of: rice)
            child = rice
        }
        XCTAssertNotNil(child, "the parent ViewModel keeps its row's child")
        screen.viewModel.itemDidDelete(id: 1)
        XCTAssertNil(child, "the row is gone, and the adapter did not keep its child")
        screen.viewModel.itemDidRename(id: 0, to: "Green tea")
        XCTAssertNil(outputs, "the next reload forgets the gone child's outputs")
    }
}
