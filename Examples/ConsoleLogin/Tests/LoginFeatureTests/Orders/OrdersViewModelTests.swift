import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The orders screen: the first page, paging with one request at a time, the end, the empty and failed states
/// with retry, refresh, the debounced search on a manual clock, opening an order, and each row's child ViewModel
/// (its cancel, its failures, what it tells the parent), asserted through the parent's test.
@MainActor
final class OrdersViewModelTests: GuardedTestCase {
    typealias Tester = ViewModelTester<OrdersViewModel, OrdersSpy>
    typealias RowTester = ViewModelTester<OrderRowViewModel, ReloadSpy<OrderRowOutputs>>

    private let service = FakeOrderService()
    private let clock = ManualClock()
    private let dimsky = OrderQuery(username: "dimsky")

    private func makeTester(language: Language = .english) -> Tester {
        ViewModelTester(
            OrdersViewModel(user: User(name: "dimsky"), service: service, language: language, clock: clock),
            spy: OrdersSpy())
    }

    /// Sends `viewDidAppear()`, answers the first page with the demo's 20 newest orders, and checks the reload.
    private func loadFirstPage(
        _ tester: Tester, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async throws {
        tester.send(
            "the screen appears", { $0.viewDidAppear() }, fileID: fileID, filePath: filePath, line: line,
            column: column)
        let query = try await service.listings.next()
        XCTAssertEqual(query, dimsky, file: filePath, line: line)
        service.listings.respond(with: DemoPages.page(query))
        await tester.receiveReload(
            outputs: {
                $0.orders = DemoPages.rows(0..<20)
                $0.phase = .loaded
                $0.phaseText = nil
            }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends `moreButtonDidTap()` and answers the next page.
    private func loadNextPage(
        _ tester: Tester, after shown: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async throws {
        tester.send(
            "more", { $0.moreButtonDidTap() },
            outputs: {
                $0.paging = .loading
                $0.pagingText = "Loading more orders…"
            }, fileID: fileID, filePath: filePath, line: line, column: column)
        let query = try await service.listings.next()
        XCTAssertEqual(
            query, dimsky.after(OrderCursor(after: DemoPages.orders[shown - 1])), "after the last order shown",
            file: filePath, line: line)
        service.listings.respond(with: DemoPages.page(query))
        let end = min(shown + 20, DemoOrders.count)
        await tester.receiveReload(
            outputs: {
                $0.orders.append(contentsOf: DemoPages.rows(shown..<end))
                $0.paging = end < DemoOrders.count ? .more : .endReached
                $0.pagingText = end < DemoOrders.count ? nil : "No more orders."
            }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    func testTheScreenStartsLoading() async {
        let outputs = makeTester(language: .chinese).viewModel.outputs
        XCTAssertEqual(outputs.phase, .loading)
        XCTAssertEqual(outputs.phaseText, "正在加载订单…")
        XCTAssertEqual(outputs.orders, [])
        XCTAssertEqual(outputs.paging, .more)
        XCTAssertNil(outputs.pagingText)
    }

    func testTheFirstPageShowsTwentyOrdersAndLoadsOnce() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send { $0.viewDidAppear() }  // loaded: nothing happens
        XCTAssertEqual(service.listings.requests, [dimsky])
    }

    func testRowsShowTheOrderInTheScreensLanguage() async throws {
        let tester = makeTester(language: .chinese)
        tester.send { $0.viewDidAppear() }
        _ = try await service.listings.next()
        service.listings.respond(with: DemoPages.page(dimsky))
        await tester.receiveReload {
            $0.orders = DemoPages.rows(0..<20, language: .chinese)
            $0.phase = .loaded
            $0.phaseText = nil
        }
        let first = tester.viewModel.outputs.orders[0]
        XCTAssertEqual(first.number, "PM202506180095")
        XCTAssertEqual(first.date, "2025-06-18 23:57")
        XCTAssertEqual(first.statusTitle, "待付款")
        XCTAssertEqual(first.amount, "1422.00元")
        XCTAssertEqual(first.summary, "跑步鞋 ×3 等 2 种商品")
    }

    func testTheNextPageLoadsOnceWhenTheLastRowsAppear() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send { $0.rowDidAppear(at: 12) }  // not among the last 5 rows
        tester.send({ $0.rowDidAppear(at: 16) }) {
            $0.paging = .loading
            $0.pagingText = "Loading more orders…"
        }
        tester.send { $0.rowDidAppear(at: 19) }  // a page is in flight already
        tester.send { $0.moreButtonDidTap() }
        let query = try await service.listings.next()
        service.listings.respond(with: DemoPages.page(query))
        await tester.receiveReload {
            $0.orders.append(contentsOf: DemoPages.rows(20..<40))
            $0.paging = .more
            $0.pagingText = nil
        }
        XCTAssertEqual(service.listings.requests.count, 2)
        XCTAssertEqual(service.listings.maximumPendingCount, 1, "at most one page request at a time")
    }

    func testTheEndIsReachedAfterTheFifthPage() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        for shown in stride(from: 20, to: 95, by: 20) {
            try await loadNextPage(tester, after: shown)
        }
        tester.send { $0.moreButtonDidTap() }
        tester.send { $0.rowDidAppear(at: 94) }
        XCTAssertEqual(service.listings.requests.count, 5, "95 orders in pages of 20")
        XCTAssertEqual(tester.viewModel.outputs.orders.map(\.id), DemoPages.orders.map(\.id), "each once, in order")
    }

    func testAUserWithoutOrdersSeesTheEmptyState() async throws {
        let tester = makeTester(language: .chinese)
        tester.send { $0.viewDidAppear() }
        _ = try await service.listings.next()
        service.listings.respond(with: OrderPage(orders: [], nextCursor: nil))
        await tester.receiveReload {
            $0.phase = .empty
            $0.phaseText = "您还没有订单。"
            $0.paging = .endReached  // nothing below the rows: the phase's sentence says it
        }
        tester.send { $0.moreButtonDidTap() }
        tester.send { $0.retryButtonDidTap() }
    }

    func testAFailedLoadSaysWhyAndIsRetried() async throws {
        let tester = makeTester()
        tester.send { $0.viewDidAppear() }
        _ = try await service.listings.next()
        service.listings.fail(with: .serverUnreachable)
        await tester.receiveReload {
            $0.phase = .failed(.serverUnreachable)
            $0.phaseText = "The orders could not be loaded. The order server cannot be reached. Try again."
        }
        tester.send { $0.moreButtonDidTap() }  // no page to follow yet
        tester.send({ $0.retryButtonDidTap() }) {
            $0.phase = .loading
            $0.phaseText = "Loading your orders…"
        }
        let query = try await service.listings.next()
        XCTAssertEqual(query, dimsky, "the first page again")
        service.listings.respond(with: DemoPages.page(query))
        await tester.receiveReload {
            $0.orders = DemoPages.rows(0..<20)
            $0.phase = .loaded
            $0.phaseText = nil
        }
    }

    func testAFailedPageIsRetriedWithoutLosingOrders() async throws {
        let tester = makeTester(language: .chinese)
        tester.send { $0.viewDidAppear() }
        _ = try await service.listings.next()
        service.listings.respond(with: DemoPages.page(dimsky))
        await tester.receiveReload {
            $0.orders = DemoPages.rows(0..<20, language: .chinese)
            $0.phase = .loaded
            $0.phaseText = nil
        }
        tester.send({ $0.moreButtonDidTap() }) {
            $0.paging = .loading
            $0.pagingText = "正在加载更多订单…"
        }
        _ = try await service.listings.next()
        let damaged = OrderServiceError.storeUnavailable(file: "p.sqlite", problem: .damagedOrder(Order.ID(7)))
        service.listings.fail(with: damaged)
        await tester.receiveReload {
            $0.paging = .failed(damaged)
            $0.pagingText = "更多订单加载失败。无法使用 p.sqlite：其中的订单 7 无法读取。"
        }
        tester.send { $0.moreButtonDidTap() }  // retry asks again, not more
        tester.send({ $0.retryButtonDidTap() }) {
            $0.paging = .loading
            $0.pagingText = "正在加载更多订单…"
        }
        let query = try await service.listings.next()
        XCTAssertEqual(query.cursor, OrderCursor(after: DemoPages.orders[19]), "the same page again")
        service.listings.respond(with: DemoPages.page(query))
        await tester.receiveReload {
            $0.orders.append(contentsOf: DemoPages.rows(20..<40, language: .chinese))
            $0.paging = .more
            $0.pagingText = nil
        }
    }

    func testARefreshKeepsTheRowsAndRedrawsOnlyTheOrderThatChanged() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.refreshDidPull() }) {
            $0.phase = .refreshing
            $0.phaseText = "Refreshing your orders…"
        }
        tester.send { $0.refreshDidPull() }  // one refresh at a time
        let query = try await service.listings.next()
        XCTAssertEqual(query, dimsky)
        var fresh = DemoPages.page(query)
        fresh.orders[1].status = .shipped
        service.listings.respond(with: fresh)
        await tester.receiveReload {
            $0.orders.update(OrderRow(fresh.orders[1], language: .english))
            $0.phase = .loaded
            $0.phaseText = nil
        }
    }

    func testARefreshOvertakesAPageStillLoading() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.moreButtonDidTap() }) {
            $0.paging = .loading
            $0.pagingText = "Loading more orders…"
        }
        _ = try await service.listings.next()
        tester.send({ $0.refreshDidPull() }) {
            $0.phase = .refreshing
            $0.phaseText = "Refreshing your orders…"
            $0.paging = .more
            $0.pagingText = nil
        }
        let query = try await service.listings.next()
        service.listings.respond(with: DemoPages.page(query))
        await tester.receiveReload {
            $0.phase = .loaded
            $0.phaseText = nil
        }
        XCTAssertEqual(service.listings.maximumPendingCount, 1, "the page's call was cancelled before the refresh's")
    }

    // MARK: Search

    func testTheSearchWaitsForTypingToPauseThenAsksTheService() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.searchTextDidChange("t") }) { $0.isSearchPending = true }
        try await clock.nextSleep()
        tester.send { $0.searchTextDidChange(" Tea ") }  // cancels the search for "t"
        await clock.advance(by: .milliseconds(299))
        XCTAssertEqual(service.listings.pendingCount, 0, "still typing")
        await clock.advance(by: .milliseconds(1))
        await tester.receiveReload {
            $0.orders = []  // a new search is a new list
            $0.phase = .loading
            $0.phaseText = "Searching your orders for “tea”…"
            $0.search = "tea"
            $0.isSearchPending = false
        }
        let query = try await service.listings.next()
        XCTAssertEqual(query, OrderQuery(username: "dimsky", search: "tea"))
        service.listings.respond(with: DemoPages.page(query))
        let teas = DemoPages.orders.filter(query.matches)
        await tester.receiveReload {
            $0.orders = Rows(teas.map { OrderRow($0, language: .english) })
            $0.phase = .loaded
            $0.phaseText = nil
            $0.paging = .endReached
            $0.pagingText = "No more orders."
        }
        XCTAssertEqual(clock.requestedDelays, [.milliseconds(300), .milliseconds(300)])
        XCTAssertEqual(service.listings.requests.count, 2, "the first page, then one search")
    }

    func testTheSameSearchAgainChangesNothingButThePendingState() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.searchTextDidChange("") }) { $0.isSearchPending = true }
        await clock.advance(by: .milliseconds(300))
        await tester.receiveReload { $0.isSearchPending = false }
        XCTAssertEqual(service.listings.requests.count, 1, "no new request")
    }

    func testASearchThatFindsNothingSaysSoAndASearchOvertakesAPageStillLoading() async throws {
        let tester = makeTester(language: .chinese)
        tester.send { $0.viewDidAppear() }
        _ = try await service.listings.next()  // the first page, never answered: the search takes its place
        tester.send({ $0.searchTextDidChange("火星") }) { $0.isSearchPending = true }
        await clock.advance(by: .milliseconds(300))
        await tester.receiveReload {
            $0.phaseText = "正在搜索包含“火星”的订单…"
            $0.search = "火星"
            $0.isSearchPending = false
        }
        let query = try await service.listings.next()
        XCTAssertEqual(query.search, "火星")
        service.listings.respond(with: DemoPages.page(query))
        await tester.receiveReload {
            $0.phase = .empty
            $0.phaseText = "没有包含“火星”的订单。"
            $0.paging = .endReached
        }
        XCTAssertEqual(service.listings.history.map(\.outcome.isCancelled), [true, false])
        XCTAssertEqual(service.listings.maximumPendingCount, 1)
    }

    /// A first page that arrives after a search took its place (its server answered though the call was
    /// cancelled) changes nothing: the search's orders stay shown, and each still opens.
    func testAFirstPageThatArrivesAfterASearchTookItsPlaceIsIgnored() async throws {
        let late = LateFirstPageOrderService()
        let tester = ViewModelTester(
            OrdersViewModel(user: User(name: "dimsky"), service: late, language: .english, clock: clock),
            spy: OrdersSpy())
        tester.send { $0.viewDidAppear() }
        tester.send({ $0.searchTextDidChange("tea") }) { $0.isSearchPending = true }
        await clock.advance(by: .milliseconds(300))
        await tester.receiveReload {
            $0.phaseText = "Searching your orders for “tea”…"
            $0.search = "tea"
            $0.isSearchPending = false
        }
        let query = try await late.fake.listings.next()
        XCTAssertEqual(late.lateQuery, dimsky, "the first page was asked for before the search")
        late.fake.listings.respond(with: DemoPages.page(query))
        let teas = DemoPages.orders.filter(query.matches)
        await tester.receiveReload {
            $0.orders = Rows(teas.map { OrderRow($0, language: .english) })
            $0.phase = .loaded
            $0.phaseText = nil
            $0.paging = .endReached
            $0.pagingText = "No more orders."
        }
        // The late page reaches the screen once the work has settled, and changes nothing.
        late.firstPages.respond(with: OrderPage(orders: [], nextCursor: nil))
        await tester.settle()
        XCTAssertEqual(late.firstPages.history.map(\.outcome.isCancelled), [false], "answered, not cancelled")
        tester.send { $0.orderDidSelect(at: 0) }
        await tester.receive(.details(OrderDetails(teas[0], language: .english)))
    }

    // MARK: Opening an order

    func testSelectingAnOrderOpensItsDetails() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send { $0.orderDidSelect(at: 0) }
        await tester.receive(.details(OrderDetails(DemoPages.orders[0], language: .english)))
        _ = tester.spy.takeDetails()  // back to the list: the details screen is freed (OrderDetailsViewModelTests)
        tester.send { $0.orderDidSelect(at: 20) }  // not shown: ignored
        tester.send { $0.orderDidSelect(at: -1) }
        try await loadNextPage(tester, after: 20)
        tester.send { $0.orderDidSelect(at: 0) }  // the first page's orders are kept beside the second's
        await tester.receive(.details(OrderDetails(DemoPages.orders[0], language: .english)))
        _ = tester.spy.takeDetails()
        tester.send { $0.orderDidSelect(at: 20) }
        await tester.receive(.details(OrderDetails(DemoPages.orders[20], language: .english)))
        let details = OrderDetails(DemoPages.orders[0], language: .english)
        XCTAssertEqual(details.number, "PM202506180095")
        XCTAssertEqual(details.status, "Pending payment")
        XCTAssertEqual(
            details.items.map { "\($0.name) ×\($0.quantity) \($0.unitPrice) \($0.total)" },
            ["Running shoes ×3 459.00 yuan 1377.00 yuan", "Potted pothos ×1 45.00 yuan 45.00 yuan"])
        XCTAssertEqual(details.amount, "1422.00 yuan")
    }

    func testAnItemsTotalTooLargeToCountIsShownAsUnknown() {
        var order = DemoPages.orders[0]
        order.items[0].quantity = Int.max
        XCTAssertEqual(OrderDetails(order, language: .chinese).items[0].total, "—")
    }

    // MARK: A row's child ViewModel

    /// A row's child is a ViewModel of its own: a second tester drives it, and the parent's tester sees what it
    /// tells the parent.
    func testARowCancelsItsOrderThroughItsChildViewModel() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        let child = tester.viewModel.rowViewModel(at: 1)  // paid: it can be cancelled
        let row = ViewModelTester(child, spy: ReloadSpy())
        XCTAssertEqual(
            row.viewModel.outputs, OrderRowOutputs(row: DemoPages.rows(1..<2)[0], isCancelEnabled: true))
        row.send({ $0.cancelButtonDidTap() }) {
            $0.isCancelling = true
            $0.isCancelEnabled = false
        }
        row.send { $0.cancelButtonDidTap() }  // a second tap while cancelling does nothing
        let request = try await service.cancels.next()
        XCTAssertEqual(request, .init(id: DemoPages.orders[1].id, username: "dimsky"))
        let cancelled = DemoPages.order(1, status: .cancelled)
        service.cancels.respond(with: cancelled)
        await row.receiveReload {
            $0.row = OrderRow(cancelled, language: .english)
            $0.isCancelling = false
        }
        await tester.receiveReload { $0.orders.update(OrderRow(cancelled, language: .english)) }
        XCTAssertTrue(tester.viewModel.rowViewModel(at: 1) === child, "the same order keeps its child")
        row.send { $0.cancelButtonDidTap() }  // cancelled: the button does not work
        tester.send { $0.orderDidSelect(at: 1) }
        await tester.receive(.details(OrderDetails(cancelled, language: .english)))
    }

    func testACancelTheServerCannotReachLeavesTheOrderAsItWas() async throws {
        let tester = makeTester(language: .chinese)
        tester.send { $0.viewDidAppear() }
        _ = try await service.listings.next()
        service.listings.respond(with: DemoPages.page(dimsky))
        await tester.receiveReload {
            $0.orders = DemoPages.rows(0..<20, language: .chinese)
            $0.phase = .loaded
            $0.phaseText = nil
        }
        let row = try await startCancelling(row: 0, of: tester)
        service.cancels.fail(with: .serverUnreachable)
        await row.receiveReload {
            $0.isCancelling = false
            $0.isCancelEnabled = true
            $0.cancelFailure = "无法连接订单服务器，请重试。"
        }
        row.send({ $0.cancelButtonDidTap() }) {  // trying again clears the failure
            $0.isCancelling = true
            $0.isCancelEnabled = false
            $0.cancelFailure = nil
        }
        _ = try await service.cancels.next()
        service.cancels.respond(with: DemoPages.order(0, status: .cancelled))
        await row.receiveReload {
            $0.row = OrderRow(DemoPages.order(0, status: .cancelled), language: .chinese)
            $0.isCancelling = false
        }
        await tester.receiveReload {
            $0.orders.update(OrderRow(DemoPages.order(0, status: .cancelled), language: .chinese))
        }
    }

    func testACancelTheServerRefusesShowsTheOrderAsItIsNow() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        let row = try await startCancelling(row: 4, of: tester)
        let shipped = DemoPages.order(4, status: .shipped)  // it shipped since the list was loaded
        service.cancels.fail(with: .notCancellable(shipped))
        await row.receiveReload {
            $0.row = OrderRow(shipped, language: .english)
            $0.isCancelling = false
            $0.cancelFailure = "Order PM202506060091 cannot be cancelled: it has shipped."
        }
        await tester.receiveReload { $0.orders.update(OrderRow(shipped, language: .english)) }
    }

    func testAnOrderTheServerNoLongerHasLeavesTheList() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        weak var child: OrderRowViewModel?
        child = tester.viewModel.rowViewModel(at: 2)
        do {
            let row = try await startCancelling(row: 2, of: tester)
            service.cancels.fail(with: .notFound(DemoPages.orders[2].id))
            await row.receiveReload {
                $0.isCancelling = false
                $0.cancelFailure = "The order was not found; it may have been removed."
            }
            await tester.receiveReload { _ = $0.orders.remove(at: 2) }
        }
        XCTAssertNil(child, "the child of a row that is gone is released")
    }

    func testARowThatCannotBeCancelledIgnoresItsCancelButton() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        let row = ViewModelTester(tester.viewModel.rowViewModel(at: 5), spy: ReloadSpy())  // shipped
        XCTAssertFalse(row.viewModel.outputs.isCancelEnabled)
        row.send { $0.cancelButtonDidTap() }
        XCTAssertEqual(service.cancels.requests, [])
    }

    func testARowsChildFollowsItsRowWhenARefreshChangesIt() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        let row = ViewModelTester(tester.viewModel.rowViewModel(at: 0), spy: ReloadSpy())
        try await refreshPayingTheFirstOrder(tester, row: row)
    }

    /// A tester of a row's child whose cancel button was tapped: the row shows it is cancelling, and its request has
    /// reached the service, not yet answered.
    private func startCancelling(
        row index: Int, of tester: Tester, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async throws -> RowTester {
        let row = ViewModelTester(tester.viewModel.rowViewModel(at: index), spy: ReloadSpy())
        row.send(
            "tap cancel", { $0.cancelButtonDidTap() },
            outputs: {
                $0.isCancelling = true
                $0.isCancelEnabled = false
            }, fileID: fileID, filePath: filePath, line: line, column: column)
        _ = try await service.cancels.next()
        return row
    }

    /// Pulls to refresh and answers with the first page, its first order now paid (still cancellable); checks the
    /// screen's reload and the first row's.
    private func refreshPayingTheFirstOrder(
        _ tester: Tester, row: RowTester,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws {
        tester.send(
            "pull to refresh", { $0.refreshDidPull() },
            outputs: {
                $0.phase = .refreshing
                $0.phaseText = "Refreshing your orders…"
            }, fileID: fileID, filePath: filePath, line: line, column: column)
        var fresh = DemoPages.page(try await service.listings.next())
        fresh.orders[0].status = .paid
        service.listings.respond(with: fresh)
        await tester.receiveReload(
            outputs: {
                $0.orders.update(OrderRow(fresh.orders[0], language: .english))
                $0.phase = .loaded
                $0.phaseText = nil
            }, fileID: fileID, filePath: filePath, line: line, column: column)
        await row.receiveReload(
            outputs: { $0.row = OrderRow(fresh.orders[0], language: .english) }, fileID: fileID, filePath: filePath,
            line: line, column: column)
    }

    /// A refresh that changes a row while its cancel is on its way keeps the row's cancel button off: the row is
    /// still cancelling.
    func testARowChangedWhileItsCancelIsOnItsWayKeepsItsCancelButtonOff() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        let row = try await startCancelling(row: 0, of: tester)
        try await refreshPayingTheFirstOrder(tester, row: row)  // the row's reload leaves isCancelEnabled false
        let cancelled = DemoPages.order(0, status: .cancelled)
        service.cancels.respond(with: cancelled)
        await row.receiveReload {
            $0.row = OrderRow(cancelled, language: .english)
            $0.isCancelling = false
        }
        await tester.receiveReload { $0.orders.update(OrderRow(cancelled, language: .english)) }
    }

    func testTheScreenAndItsRowsChildrenAreFreed() async throws {
        let tester = makeTester()
        trackForLeaks(tester.viewModel)
        try await loadFirstPage(tester)
        trackForLeaks(tester.spy)
        _ = tester.viewModel.rowViewModel(at: 0)
        _ = tester.viewModel.rowViewModel(at: 1)
    }
}

extension PendingCalls.Outcome {
    /// Whether the caller's task was cancelled.
    var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
