import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// A row's child tester derived from the list's: the row both show is asserted once, on either side.
@MainActor
final class LinkedChildTesterTests: GuardedTestCase {
    private let service = FakeOrderService()
    private let clock = ManualClock()

    private func makeTester() -> ViewModelTester<OrdersViewModel, ReloadSpy<OrdersOutputs>> {
        ViewModelTester(OrdersViewModel(service: service, clock: clock), spy: ReloadSpy())
    }

    private func loadFirstPage(_ tester: ViewModelTester<OrdersViewModel, ReloadSpy<OrdersOutputs>>) async throws {
        try await service.loadFirstPage(into: tester)
    }

    /// How the row's cell shows an order, as `OrderRowViewModel.rowDidChange(_:)` does.
    private func rowTester(
        _ tester: ViewModelTester<OrdersViewModel, ReloadSpy<OrdersOutputs>>, id: Int
    ) throws -> ViewModelTester<OrderRowViewModel, ReloadSpy<OrderRowOutputs>> {
        _ = tester.viewModel.rowViewModel(at: tester.viewModel.outputs.orders.index(forID: id) ?? 0)
        return try tester.child(OrderRowViewModel.self, id: id, in: \.orders, spy: ReloadSpy()) { outputs, row in
            outputs.title = row.title
            outputs.status = row.status
            outputs.isCancelEnabled = row.status == .pending && !outputs.isCancelling
        }
    }

    /// The cancel is asserted on the row alone: the list's reload of that row is taken as asserted.
    func testAChangeTheChildMakesIsAssertedOnceOnTheChild() async throws {
        let reports = try await FailureReporter.capture {
            let tester = makeTester()
            try await loadFirstPage(tester)
            let row = try rowTester(tester, id: 4)
            row.send({ $0.cancelButtonDidTap() }) {
                $0.isCancelling = true
                $0.isCancelEnabled = false
            }
            _ = try await service.cancels.next()
            service.cancels.respond(with: ())
            await row.receiveReload {
                $0.isCancelling = false
                $0.status = .cancelled
            }
            XCTAssertEqual(tester.viewModel.outputs.orders[id: 4]?.status, .cancelled)
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A refresh that ships an order is asserted on the list alone: the row's reload is taken as asserted.
    func testAChangeTheParentMakesIsAssertedOnceOnTheParent() async throws {
        let reports = try await FailureReporter.capture {
            let tester = makeTester()
            try await loadFirstPage(tester)
            let row = try rowTester(tester, id: 3)
            tester.send({ $0.refreshDidPull() }) { $0.phase = .refreshing }
            _ = try await service.pages.next()
            var fresh = FakeOrderService.page(from: 0)
            fresh.rows[3].status = .shipped
            service.pages.respond(with: fresh)
            await tester.receiveReload {
                $0.orders = Rows(fresh.rows.map(OrderRow.init))
                $0.phase = .loaded
            }
            XCTAssertEqual(row.viewModel.outputs.status, .shipped, "the row's child shows the shipped order")
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A reload that changes more than the shared row still waits for the test, and fails unasserted: the row's
    /// (its cancel ended), and so the list's too, whose row the child's expectation does not show yet.
    func testAReloadThatChangesMoreThanTheRowStillWaits() async throws {
        let reports = try await FailureReporter.capture {
            let tester = makeTester()
            try await loadFirstPage(tester)
            let row = try rowTester(tester, id: 4)
            row.send({ $0.cancelButtonDidTap() }) {
                $0.isCancelling = true
                $0.isCancelEnabled = false
            }
            _ = try await service.cancels.next()
            service.cancels.respond(with: ())
            await tester.settle()
        }
        XCTAssertEqual(
            reports.failures.map { $0.message.split(separator: "\n").prefix(2).joined(separator: "\n") },
            [
                "1 delegate call was not asserted by the end of the test:\n  reloadViews([status, isCancelling])",
                "1 delegate call was not asserted by the end of the test:\n  reloadViews([orders])",
            ])
    }

    /// A child that does not tell its parent: the two show different things at the end.
    func testAChildAndAParentThatDisagreeFailAtTheEnd() async throws {
        let reports = FailureReporter.capture {
            let tester = ViewModelTester(ShelfViewModel(), spy: ReloadSpy())
            tester.send({ $0.viewDidAppear() }) { $0.books = [Book(id: 1, title: "Emma", isRead: false)] }
            let book = try? tester.child(BookViewModel.self, id: 1, in: \.books, row: \.book, spy: ReloadSpy())
            book?.send({ $0.readButtonDidTap() }) { $0.book.isRead = true }
        }
        assertOneFailure(
            reports, containing: "ShelfViewModel's row with ID 1 and its BookViewModel show different things:",
            "−     isRead: false", "+     isRead: true")
    }

    func testAChildThatIsNotThereIsAnError() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        XCTAssertThrowsError(
            try tester.child(OrderRowViewModel.self, id: 5, in: \.orders, spy: ReloadSpy()) { _, _ in }
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "OrdersViewModel keeps no OrderRowViewModel for the row with ID 5 yet. To fix: make the child first, "
                    + "as its view would (for example by showing the row), then ask for its tester.")
        }
    }
}

// MARK: - A child that does not tell its parent

struct Book: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isRead: Bool
}

struct ShelfOutputs: ViewOutputs {
    var books = Rows<Book>()
    enum Field: Int, OutputField { case books }
    func hasChanged(_ field: Field, since old: Self) -> Bool { books != old.books }
}

struct BookOutputs: ViewOutputs {
    var book: Book
    enum Field: Int, OutputField { case book }
    func hasChanged(_ field: Field, since old: Self) -> Bool { book != old.book }
}

@MainActor
final class ShelfViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ShelfOutputs>)?
    var outputs: ShelfOutputs { store.outputs }
    private let store = OutputStore(ShelfOutputs())
    private let children = ChildViewModels<Book, BookViewModel> { child, book in child.bookDidChange(book) }

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.books = [Book(id: 1, title: "Emma", isRead: false)] }
        for book in outputs.books { _ = children.child(for: book) { BookViewModel(book: $0) } }
    }
}

/// Marks its book read without telling the shelf: the planted bug.
@MainActor
final class BookViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<BookOutputs>)?
    var outputs: BookOutputs { store.outputs }
    private let store: OutputStore<BookOutputs>

    init(book: Book) { store = OutputStore(BookOutputs(book: book)) }

    func readButtonDidTap() { store.update(notifying: delegate) { $0.book.isRead = true } }
    func bookDidChange(_ book: Book) { store.update(notifying: delegate) { $0.book = book } }
}
