import PureMVVM
import XCTest

@testable import PureMVVMTesting

/// The bugs a hand-written list screen hid from the toolkit, planted in the orders screen one at a time: the
/// same tests as `OrdersScreenTests` now catch each, with a message that names it.
@MainActor
final class OrdersPlantedBugTests: XCTestCase {
    private var service = FakeOrderService()
    private let clock = ManualClock()

    private func makeTester<Row: OrderRowValue>(
        _: Row.Type = OrderRow.self, bugs: PlantedBugs = []
    ) -> ViewModelTester<OrdersViewModel<Row>, ReloadSpy<OrdersOutputs<Row>>> {
        ViewModelTester(OrdersViewModel(service: service, clock: clock, bugs: bugs), spy: ReloadSpy())
    }

    private func rows<Row: OrderRowValue>(_ ids: Range<Int>) -> Rows<Row> {
        Rows(ids.map { Row(FakeOrderService.order($0)) })
    }

    private func loadFirstPage<Row: OrderRowValue>(
        _ tester: ViewModelTester<OrdersViewModel<Row>, ReloadSpy<OrdersOutputs<Row>>>
    ) async throws {
        tester.send { $0.viewDidAppear() }
        _ = try await service.pages.next()
        service.pages.respond(with: FakeOrderService.page(from: 0))
        await tester.receiveReload {
            $0.orders = self.rows(0..<20)
            $0.phase = .loaded
        }
    }

    /// (a) Asking again for the page in flight changes no output, so every `send` passes; the request left
    /// waiting fails the test at its end, and the history shows two at once.
    func testASecondPageRequestWhileTheFirstIsInFlightIsCaught() async throws {
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = makeTester(bugs: .secondPageRequestWhileOneIsInFlight)
            try await loadFirstPage(tester)
            tester.send({ $0.rowDidAppear(at: 15) }) { $0.paging = .loading }
            _ = try await service.pages.next()
            line = #line + 1
            tester.send { $0.rowDidAppear(at: 19) }
            _ = try await service.pages.next()
            service.pages.respond(with: FakeOrderService.page(from: 20))
            await tester.receiveReload {
                $0.orders.append(contentsOf: self.rows(20..<40))
                $0.paging = .more
            }
        }
        assertOneFailure(
            reports,
            containing: "1 piece of async work is still unfinished by the end of the test:\n  - PendingCalls \"order "
                + "pages\": the call 20 still waits for an answer; it started during `rowDidAppear(at: 19)` "
                + "(OrdersPlantedBugTests.swift:\(line)).")
        XCTAssertEqual(service.pages.maximumPendingCount, 2, "the history shows two page requests at once")
    }

    /// (a) again, found by the explorer with the rule "at most one page request at a time".
    func testTheExplorerFindsTheSecondPageRequest() async {
        let explorer = ContractExplorer(
            makeExploredTester,
            inputs: [
                .call("viewDidAppear()") { $0.viewDidAppear() },
                .call("rowDidAppear(at:)", with: .int(in: 15...19)) { $0.rowDidAppear(at: $1) },
                .step("service.pages.respond(with: FakeOrderService.page(from: 0))") {
                    self.service.pages.respond(with: FakeOrderService.page(from: 0))
                },
            ])
        explorer.invariant("at most one page request at a time") { _ in self.service.pages.maximumPendingCount <= 1 }
        explorer.seed = 3
        explorer.runs = 50
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(reports, containing: ". rowDidAppear(at: 1", "What failed:\n  ")
        // Which check sees it first depends on when the second request's task runs: the rule, after the step, or
        // the request left waiting once the ViewModel is freed (its task was never cancelled).
        let message = reports.failures.first?.message ?? ""
        XCTAssertTrue(
            message.contains("the invariant \"at most one page request at a time\" does not hold")
                || message.contains("PendingCalls \"order pages\": the call 20 still waits for an answer"), message)
    }

    private func makeExploredTester() -> ViewModelTester<OrdersViewModel<OrderRow>, ReloadSpy<OrdersOutputs<OrderRow>>> {
        service = FakeOrderService()
        return ViewModelTester(
            OrdersViewModel(service: service, clock: clock, bugs: .secondPageRequestWhileOneIsInFlight),
            spy: ReloadSpy())
    }

    /// (b) A debounce that never fires: the reload the test waits for does not come, and the sleep still waiting
    /// at the end says why.
    func testADebounceThatNeverFiresIsCaught() async throws {
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = makeTester(bugs: .debounceNeverFires)
            try await loadFirstPage(tester)
            tester.timeout = .milliseconds(50)
            line = #line + 1
            tester.send { $0.searchTextDidChange("11") }
            try await clock.nextSleep()
            clock.advance(by: .milliseconds(300))
            await tester.receiveReload {
                $0.query = "11"
                $0.orders = self.rows(11..<12)
            }
        }
        XCTAssertEqual(reports.failures.count, 2, "\(reports.messages)")
        let unfinished = reports.failures.first { $0.message.contains("still unfinished") }
        XCTAssertEqual(
            unfinished?.message.split(separator: "\n").dropFirst().first,
            "  - ManualClock: a sleep of 300.0 seconds still waits (until 300.0 seconds; the clock is at 0.3 seconds);"
                + " it started during `searchTextDidChange(\"11\")` (OrdersPlantedBugTests.swift:\(line)).")
        unfinished.map { assertEndsWithToFix($0.message) }
    }

    /// (c) A row whose `==` ignores the status: a refresh that ships an order and brings a new one reloads the
    /// list, but its row changes miss the shipped order.
    func testARowEqualitySlipIsCaught() async throws {
        let reports = try await FailureReporter.capture {
            let tester = makeTester(StatusBlindOrderRow.self)
            try await loadFirstPage(tester)
            tester.send({ $0.refreshDidPull() }) { $0.phase = .refreshing }
            _ = try await service.pages.next()
            var fresh = FakeOrderService.page(from: 1)
            fresh.rows[2].status = .shipped
            service.pages.respond(with: fresh)
            await tester.receiveReload {
                $0.orders = Rows(fresh.rows.map(StatusBlindOrderRow.init))
                $0.phase = .loaded
            }
        }
        assertOneFailure(
            reports,
            containing: "An asynchronous reload sent reloadViews([orders, phase]), whose row changes of orders "
                + "(deleted [0], inserted [19]) do not name the row with ID 3 (at 2), though it changed (status: "
                + ".pending → .shipped). StatusBlindOrderRow's == says the row with ID 3 did not change, though "
                + "status: .pending → .shipped.\nTo fix: make StatusBlindOrderRow's == compare `status`, or let Swift "
                + "synthesise it.")
    }

    /// (d) A second tap on a row's cancel button sends the cancel again; the test answers the one it expects,
    /// and the other, left waiting, fails the test at its end.
    func testACancelSentTwiceIsCaught() async throws {
        var line: UInt = 0
        let reports = try await FailureReporter.capture {
            let tester = makeTester(bugs: .cancelSentTwice)
            try await loadFirstPage(tester)
            let row = ViewModelTester(tester.viewModel.rowViewModel(at: 4), spy: ReloadSpy())
            row.send({ $0.cancelButtonDidTap() }) {
                $0.isCancelling = true
                $0.isCancelEnabled = false
            }
            _ = try await service.cancels.next()
            line = #line + 1
            row.send { $0.cancelButtonDidTap() }
            service.cancels.respond(with: ())
            await row.receiveReload {
                $0.isCancelling = false
                $0.status = .cancelled
            }
            await tester.receiveReload {
                var order = FakeOrderService.order(4)
                order.status = .cancelled
                $0.orders.update(OrderRow(order))
            }
        }
        assertOneFailure(
            reports,
            containing: "  - PendingCalls \"order cancels\": the call 4 still waits for an answer; it started during "
                + "`cancelButtonDidTap()` (OrdersPlantedBugTests.swift:\(line)).")
    }
}

/// A row whose `==` forgets the status, as a hand-written `==` can.
struct StatusBlindOrderRow: OrderRowValue {
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
