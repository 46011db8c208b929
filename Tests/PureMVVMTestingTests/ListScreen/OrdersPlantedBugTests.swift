import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The bugs that hid from the toolkit in a hand-written list screen, planted one at a time: in the orders screen
/// itself where a setting can plant it, else in a small screen written the way the bug was. Each test is the test
/// the right screen passes, and now fails with a message that names the bug.
@MainActor
final class OrdersPlantedBugTests: GuardedTestCase {
    private var service = FakeOrderService()
    private let clock = ManualClock()

    private func rows(_ ids: Range<Int>) -> Rows<OrderRow> { FakeOrderService.rows(ids) }

    /// (a) A hand-written paging guard that forgets the page in flight: asking again changes no output, so every
    /// `send` passes; the request left waiting after the ViewModel is freed (the screen keeps no task to cancel)
    /// fails the test at its end, and the history shows two at once.
    func testASecondPageRequestWhileTheFirstIsInFlightIsCaught() async throws {
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(HandPagedOrdersViewModel(service: service), spy: ReloadSpy())
            tester.send({ $0.viewDidAppear() }) { $0.orders = self.rows(0..<20) }
            tester.send({ $0.rowDidAppear(at: 15) }) { $0.isLoadingMore = true }
            _ = try await service.pages.next()
            line = #line + 1
            tester.send { $0.rowDidAppear(at: 19) }
            _ = try await service.pages.next()
            service.pages.respond(with: FakeOrderService.page(from: 20))
            await tester.receiveReload {
                $0.orders.append(contentsOf: self.rows(20..<40))
                $0.isLoadingMore = false
            }
        }
        assertOneFailure(
            reports,
            containing: "The ViewModel was freed at the end of the test, but 1 piece of async work it started is still "
                + "unfinished:\n  - PendingCalls \"order pages\": the call 20 still waits for an answer; it started "
                + "during `rowDidAppear(at: 19)` (OrdersPlantedBugTests.swift:\(line)).")
        XCTAssertEqual(service.pages.maximumPendingCount, 2, "the history shows two page requests at once")
    }

    /// (a) again, found by the explorer with the rule "at most one page request at a time".
    func testTheExplorerFindsTheSecondPageRequest() async {
        let explorer = ContractExplorer(
            makeHandPagedTester,
            inputs: [
                .call("viewDidAppear()") { $0.viewDidAppear() },
                .call("rowDidAppear(at:)", with: .int(in: 15...19)) { $0.rowDidAppear(at: $1) },
                .step("service.pages.respond(with: FakeOrderService.page(from: 20))") {
                    self.service.pages.respond(with: FakeOrderService.page(from: 20))
                },
            ])
        explorer.invariant("at most one page request at a time") { _ in self.service.pages.maximumPendingCount <= 1 }
        explorer.seed = 3
        explorer.usesEnvironment = false
        explorer.runs = 50
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(reports, containing: ". rowDidAppear(at: 1", "What failed:\n  ")
        // Which check sees it first depends on when the second request's task runs: the rule, after the step, or
        // the request left waiting once the ViewModel is freed (the screen keeps no task to cancel).
        let message = reports.failures.first?.message ?? ""
        XCTAssertTrue(
            message.contains("the invariant \"at most one page request at a time\" does not hold")
                || message.contains("PendingCalls \"order pages\": the call 20 still waits for an answer"), message)
    }

    private func makeHandPagedTester() -> ViewModelTester<HandPagedOrdersViewModel, ReloadSpy<HandPagedOutputs>> {
        service = FakeOrderService()
        return ViewModelTester(HandPagedOrdersViewModel(service: service), spy: ReloadSpy())
    }

    /// (b) A debounce that never fires (300 seconds typed for 300 milliseconds): the reload the test waits for
    /// does not come, and the sleep still waiting at the end says why: a failure at `finish()`, and a note when the
    /// test just ends (the debouncer cancels it as the ViewModel is freed).
    func testADebounceThatNeverFiresIsCaught() async throws {
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(
                OrdersViewModel(service: service, clock: clock, searchDelay: .seconds(300)), spy: ReloadSpy())
            try await service.loadFirstPage(into: tester)
            tester.timeout = .milliseconds(50)
            line = #line + 1
            tester.send { $0.searchTextDidChange("11") }
            await clock.advance(by: .milliseconds(300))
            await tester.receiveReload {
                $0.query = "11"
                $0.orders = self.rows(11..<12)
            }
            await tester.finish()
        }
        XCTAssertEqual(reports.failures.count, 2, "\(reports.messages)")
        let unfinished = reports.failures.first { $0.message.contains("still unfinished") }
        XCTAssertEqual(
            unfinished?.message.split(separator: "\n").dropFirst().first,
            "  - ManualClock: a sleep of 300.0 seconds still waits (until 300.0 seconds; the clock is at 0.3 seconds);"
                + " it started during `searchTextDidChange(\"11\")` (OrdersPlantedBugTests.swift:\(line)).")
        unfinished.map { assertEndsWithToFix($0.message) }

        let ended = try await FailureReporter.capture {
            let tester = ViewModelTester(
                OrdersViewModel(service: service, clock: clock, searchDelay: .seconds(300)), spy: ReloadSpy())
            try await service.loadFirstPage(into: tester)
            tester.timeout = .milliseconds(50)
            tester.send { $0.searchTextDidChange("12") }
            await clock.advance(by: .milliseconds(300))
            await tester.receiveReload { $0.query = "12" }
        }
        XCTAssertEqual(ended.failures.count, 1, "the reload that did not come: \(ended.messages)")
        let note = ended.first { $0.severity == .note }?.message ?? ""
        XCTAssertTrue(
            note.hasPrefix(
                "When the tester ended, 1 piece of async work still waited; the ViewModel cancelled it as it was freed:\n"
                    + "  - ManualClock: a sleep of 300.0 seconds still waits"), note)
    }

    /// (c) A row whose `==` ignores the status: a refresh that ships an order and brings a new one reloads the
    /// list, but its row changes miss the shipped order.
    func testARowEqualitySlipIsCaught() async throws {
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(StatusBlindOrdersViewModel(service: service), spy: ReloadSpy())
            tester.send { $0.viewDidAppear() }
            _ = try await service.pages.next()
            service.pages.respond(with: FakeOrderService.page(from: 0))
            await tester.receiveReload {
                $0.orders = Rows((0..<20).map { StatusBlindOrderRow(FakeOrderService.order($0)) })
            }
            tester.send { $0.refreshDidPull() }
            _ = try await service.pages.next()
            var fresh = FakeOrderService.page(from: 1)
            fresh.rows[2].status = .shipped
            service.pages.respond(with: fresh)
            await tester.receiveReload { $0.orders = Rows(fresh.rows.map(StatusBlindOrderRow.init)) }
        }
        assertOneFailure(
            reports,
            containing: "An asynchronous reload sent reloadViews([orders]), whose row changes of orders (deleted [0], "
                + "inserted [19]) do not name the row with ID 3 (at 2), though it changed (status: .pending → "
                + ".shipped). StatusBlindOrderRow's == says the row with ID 3 did not change, though status: .pending "
                + "→ .shipped.\nTo fix: make StatusBlindOrderRow's == compare `status`, or let Swift synthesise it.")
    }

    /// (d) A test that ends with a request nobody answered: a refresh pulled as the test's last step. `finish()`
    /// fails it; a test that just ends does not, since the ViewModel cancels the request as it is freed.
    func testARequestLeftUnansweredAtTheEndIsCaught() async throws {
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(OrdersViewModel(service: service, clock: clock), spy: ReloadSpy())
            try await service.loadFirstPage(into: tester)
            line = #line + 1
            tester.send({ $0.refreshDidPull() }) { $0.phase = .refreshing }
            _ = try await service.pages.next()
            await tester.finish()
        }
        assertOneFailure(
            reports,
            containing: "1 piece of async work is still unfinished at finish():\n  - PendingCalls \"order pages\": the "
                + "call 0 still waits for an answer; it started during `refreshDidPull()` "
                + "(OrdersPlantedBugTests.swift:\(line)).")
    }
}

// MARK: - The screens with the bugs

struct HandPagedOutputs: ViewOutputs {
    var orders = Rows<OrderRow>()
    var isLoadingMore = false

    enum Field: Int, OutputField { case orders, isLoadingMore }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .orders: orders != old.orders
        case .isLoadingMore: isLoadingMore != old.isLoadingMore
        }
    }
}

/// Pages by hand, as the screen of issue 20 did: the guard checks the end and the last rows, and forgets the page
/// in flight (the planted bug). Its first page is made up, to keep it short.
@MainActor
final class HandPagedOrdersViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<HandPagedOutputs>)?
    var outputs: HandPagedOutputs { store.outputs }
    private let store = OutputStore(HandPagedOutputs())
    private let service: any OrderService
    private var next: Int? = 20

    init(service: any OrderService) { self.service = service }

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.orders = Rows((0..<20).map { OrderRow(FakeOrderService.order($0)) }) }
    }

    func rowDidAppear(at index: Int) {
        guard let cursor = next, index >= outputs.orders.count - 5 else { return }  // no page-in-flight check
        store.update(notifying: delegate) { $0.isLoadingMore = true }
        Task { [weak self, service] in
            guard let page = try? await service.orders(from: cursor), let self else { return }
            next = page.next
            store.update(notifying: delegate) {
                $0.orders.merge(page.rows.map(OrderRow.init))
                $0.isLoadingMore = false
            }
        }
    }
}

/// A row whose `==` forgets the status, as a hand-written `==` can.
struct StatusBlindOrderRow: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var status: Order.Status

    init(_ order: Order) {
        id = order.id
        title = order.title
        status = order.status
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.title == rhs.title }
}

struct StatusBlindOutputs: ViewOutputs {
    var orders = Rows<StatusBlindOrderRow>()

    enum Field: Int, OutputField { case orders }

    func hasChanged(_ field: Field, since old: Self) -> Bool { orders != old.orders }
}

/// Loads and refreshes its orders with a `PagedList`, right but for its row type's `==`.
@MainActor
final class StatusBlindOrdersViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<StatusBlindOutputs>)?
    var outputs: StatusBlindOutputs { store.outputs }
    private let store = OutputStore(StatusBlindOutputs())
    private let service: any OrderService
    private var list = PagedList<StatusBlindOrderRow, Int, OrdersFailure>(firstCursor: 0)
    private var task: Task<Void, Never>?

    init(service: any OrderService) { self.service = service }

    deinit {
        task?.cancel()
    }

    func viewDidAppear() { start(list.load()) }
    func refreshDidPull() { start(list.refresh()) }

    private func start(_ request: PageRequest<Int>?) {
        guard let request else { return }
        task = Task { [weak self, service] in
            guard let page = try? await service.orders(from: request.cursor), let self else { return }
            list.receive(RowPage(rows: page.rows.map(StatusBlindOrderRow.init), next: page.next), for: request)
            store.update(notifying: delegate) { $0.orders = list.rows }
        }
    }
}
