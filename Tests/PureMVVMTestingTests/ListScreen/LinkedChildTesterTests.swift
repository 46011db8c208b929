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
            tester.send({ $0.viewDidAppear() }) { $0.books = ShelfViewModel.books }
            let book = try? tester.child(BookViewModel.self, id: 1, in: \.books, row: \.book, spy: ReloadSpy())
            book?.send({ $0.readButtonDidTap() }) { $0.book.isRead = true }
        }
        assertOneFailure(
            reports, containing: "ShelfViewModel's row with ID 1 and its BookViewModel show different things:",
            "−     isRead: false", "+     isRead: true")
    }

    /// The list's reload of the child's row that changes another output too waits for the test, which asserts
    /// only the other output: the row is as the child's expectation has it already.
    func testAListReloadThatAlsoChangesAnotherOutputWaitsWithTheRowTakenAsAsserted() async throws {
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(ShelfViewModel(booksTellTheShelf: true), spy: ReloadSpy())
            tester.send({ $0.viewDidAppear() }) { $0.books = ShelfViewModel.books }
            let book = try tester.child(BookViewModel.self, id: 1, in: \.books, row: \.book, spy: ReloadSpy())
            book.send({ $0.readButtonDidTap() }) { $0.book.isRead = true }
            await tester.receiveReload { $0.readCount = 1 }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// Only the list's reloads up to the first that the child's expectation does not explain are taken as
    /// asserted: a reload of the child's row behind one of another row waits for the test, in order.
    func testAListReloadOfTheChildsRowBehindAnotherReloadWaitsForTheTest() async throws {
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(ShelfViewModel(booksTellTheShelf: true), spy: ReloadSpy())
            tester.send({ $0.viewDidAppear() }) { $0.books = ShelfViewModel.books }
            let book = try tester.child(BookViewModel.self, id: 1, in: \.books, row: \.book, spy: ReloadSpy())
            // The other book's cell, read without a tester: the list's reload of it waits.
            tester.viewModel.bookViewModel(id: 2)?.readButtonDidTap()
            book.send({ $0.readButtonDidTap() }) { $0.book.isRead = true }
            await tester.receiveReload {
                _ = $0.books.update(Book(id: 2, title: "Persuasion", isRead: true))
                $0.readCount = 1
            }
            await tester.receiveReload {
                _ = $0.books.update(Book(id: 1, title: "Emma", isRead: true))
                $0.readCount = 2
            }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// A call the child's input made that nobody asserted is the child's and the list's, whose testers both end:
    /// it fails once.
    func testAChildsUnassertedRecordedCallFailsOnce() async throws {
        let reads = CallRecorder<String>(label: "reads")
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(ShelfViewModel(booksTellTheShelf: true, reads: reads), spy: ReloadSpy())
            tester.send({ $0.viewDidAppear() }) { $0.books = ShelfViewModel.books }
            let book = try tester.child(BookViewModel.self, id: 1, in: \.books, row: \.book, spy: ReloadSpy())
            book.send({ $0.readButtonDidTap() }) { $0.book.isRead = true }
            await tester.receiveReload { $0.readCount = 1 }
        }
        assertOneFailure(
            reports, containing: "1 call to a fire-and-forget dependency was not asserted",
            "  - CallRecorder \"reads\": `\"Emma\"`, made during `readButtonDidTap()`")
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
    var readCount = 0
    enum Field: Int, OutputField { case books, readCount }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .books: books != old.books
        case .readCount: readCount != old.readCount
        }
    }
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
    private let booksTellTheShelf: Bool
    private let reads: CallRecorder<String>?
    private let children = ChildViewModels<Book, BookViewModel> { child, book in child.bookDidChange(book) }

    /// - Parameters:
    ///   - booksTellTheShelf: Whether a book read tells the shelf; `false` is the planted bug.
    ///   - reads: Where each book tells the title it marked read, if anywhere.
    init(booksTellTheShelf: Bool = false, reads: CallRecorder<String>? = nil) {
        self.booksTellTheShelf = booksTellTheShelf
        self.reads = reads
    }

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.books = Self.books }
        for book in outputs.books {
            _ = children.child(for: book) { [weak self, booksTellTheShelf, reads] book in
                BookViewModel(book: book, reads: reads) { if booksTellTheShelf { self?.bookDidChange($0) } }
            }
        }
    }

    /// The ViewModel of a book's cell.
    func bookViewModel(id: Int) -> BookViewModel? { children[id: id] }

    /// The row and the count of books read change in one reload.
    private func bookDidChange(_ book: Book) {
        store.update(notifying: delegate) { outputs in
            _ = outputs.books.update(book)
            outputs.readCount = outputs.books.filter(\.isRead).count
        }
    }

    static let books: Rows<Book> = [
        Book(id: 1, title: "Emma", isRead: false), Book(id: 2, title: "Persuasion", isRead: false),
    ]
}

/// Marks its book read, tells `reads` its title, and tells the shelf through `report` (which the planted bug leaves
/// empty).
@MainActor
final class BookViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<BookOutputs>)?
    var outputs: BookOutputs { store.outputs }
    private let store: OutputStore<BookOutputs>
    private let reads: CallRecorder<String>?
    private let report: @MainActor (Book) -> Void

    init(book: Book, reads: CallRecorder<String>? = nil, report: @escaping @MainActor (Book) -> Void) {
        store = OutputStore(BookOutputs(book: book))
        self.reads = reads
        self.report = report
    }

    func readButtonDidTap() {
        store.update(notifying: delegate) { $0.book.isRead = true }
        reads?.record(outputs.book.title)
        report(outputs.book)
    }

    func bookDidChange(_ book: Book) { store.update(notifying: delegate) { $0.book = book } }
}
