import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The orders screen, tested as a user of the toolkit would: every state of the list, paging, the debounced
/// search, and a row's child ViewModel asserted through the parent's test.
@MainActor
final class OrdersScreenTests: GuardedTestCase {
    typealias Tester = ViewModelTester<OrdersViewModel, ReloadSpy<OrdersOutputs>>

    private var service = FakeOrderService()
    private let clock = ManualClock()

    private func makeTester() -> Tester {
        ViewModelTester(OrdersViewModel(service: service, clock: clock), spy: ReloadSpy())
    }

    private func rows(_ ids: Range<Int>) -> Rows<OrderRow> { FakeOrderService.rows(ids) }

    /// Loads the first page of 20 orders.
    private func loadFirstPage(
        _ tester: Tester, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
    ) async throws {
        try await service.loadFirstPage(into: tester, fileID: fileID, filePath: filePath, line: line)
    }

    func testTheFirstPageShowsItsOrders() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send { $0.viewDidAppear() }  // loaded already: nothing happens
        XCTAssertEqual(service.pages.requests, [0])
    }

    func testTheFirstLoadAsksForTheFirstPageOnce() async throws {
        let tester = makeTester()
        // The test stops with the first page still loading, on purpose.
        tester.checksUnfinishedWork = false
        tester.send { $0.viewDidAppear() }
        tester.send { $0.viewDidAppear() }
        _ = try await service.pages.next()
        XCTAssertEqual(service.pages.pendingRequests, [0])
        XCTAssertEqual(tester.viewModel.outputs.phase, .loading)
    }

    func testAnEmptyListSaysSo() async throws {
        let tester = makeTester()
        tester.send { $0.viewDidAppear() }
        _ = try await service.pages.next()
        service.pages.respond(with: RowPage(rows: [], next: nil))
        await tester.receiveReload {
            $0.phase = .empty
            $0.paging = .endReached
        }
    }

    func testAFailedLoadIsRetried() async throws {
        let tester = makeTester()
        tester.send { $0.viewDidAppear() }
        _ = try await service.pages.next()
        service.pages.fail(with: .offline)
        await tester.receiveReload { $0.phase = .failed(.offline) }
        tester.send({ $0.retryButtonDidTap() }) { $0.phase = .loading }
        _ = try await service.pages.next()
        service.pages.respond(with: FakeOrderService.page(from: 0))
        await tester.receiveReload {
            $0.orders = self.rows(0..<20)
            $0.phase = .loaded
        }
    }

    func testARefreshKeepsTheOrdersUntilTheFirstPageArrives() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.refreshDidPull() }) { $0.phase = .refreshing }
        let cursor = try await service.pages.next()
        XCTAssertEqual(cursor, 0)
        var fresh = FakeOrderService.page(from: 0)
        fresh.rows[3].status = .shipped
        service.pages.respond(with: fresh)
        await tester.receiveReload {
            $0.orders.update(OrderRow(fresh.rows[3]))
            $0.phase = .loaded
        }
    }

    func testTheNextPageLoadsOnceWhenTheLastRowsAppear() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send { $0.rowDidAppear(at: 10) }  // not among the last 5 rows
        tester.send({ $0.rowDidAppear(at: 15) }) { $0.paging = .loading }
        tester.send { $0.rowDidAppear(at: 19) }  // a page is in flight already
        let cursor = try await service.pages.next()
        XCTAssertEqual(cursor, 20)
        service.pages.respond(with: FakeOrderService.page(from: 20))
        await tester.receiveReload {
            $0.orders.append(contentsOf: self.rows(20..<40))
            $0.paging = .more
        }
        XCTAssertEqual(service.pages.maximumPendingCount, 1, "at most one page request at a time")
    }

    func testTheEndIsReachedAfterTheLastPage() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        for cursor in stride(from: 20, to: 95, by: 20) {
            tester.send({ $0.moreButtonDidTap() }) { $0.paging = .loading }
            _ = try await service.pages.next()
            service.pages.respond(with: FakeOrderService.page(from: cursor))
            await tester.receiveReload {
                $0.orders.append(contentsOf: self.rows(cursor..<min(cursor + 20, 95)))
                $0.paging = cursor + 20 < 95 ? .more : .endReached
            }
        }
        tester.send { $0.moreButtonDidTap() }
        tester.send { $0.rowDidAppear(at: 94) }
        XCTAssertEqual(service.pages.requests, [0, 20, 40, 60, 80])
    }

    func testAFailedPageIsRetriedWithoutLosingOrders() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.moreButtonDidTap() }) { $0.paging = .loading }
        _ = try await service.pages.next()
        service.pages.fail(with: .offline)
        await tester.receiveReload { $0.paging = .failed(.offline) }
        tester.send({ $0.retryButtonDidTap() }) { $0.paging = .loading }
        let cursor = try await service.pages.next()
        XCTAssertEqual(cursor, 20, "the same page again")
        service.pages.respond(with: FakeOrderService.page(from: 20))
        await tester.receiveReload {
            $0.orders.append(contentsOf: self.rows(20..<40))
            $0.paging = .more
        }
    }

    func testARefreshOvertakesAPageStillLoading() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send({ $0.moreButtonDidTap() }) { $0.paging = .loading }
        _ = try await service.pages.next()
        tester.send({ $0.refreshDidPull() }) {
            $0.phase = .refreshing
            $0.paging = .more
        }
        _ = try await service.pages.next()
        service.pages.respond(with: FakeOrderService.page(from: 0))
        await tester.receiveReload { $0.phase = .loaded }
        XCTAssertEqual(service.pages.history.map(\.outcome.isCancelled), [false, true, false])
        XCTAssertEqual(service.pages.maximumPendingCount, 1, "the page's call was cancelled before the refresh's")
    }

    func testTheSearchWaitsForTypingToPause() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        tester.send { $0.searchTextDidChange("1") }
        try await clock.nextSleep()
        tester.send { $0.searchTextDidChange("11") }  // cancels the search for "1"
        try await clock.nextSleep()
        await clock.advance(by: .milliseconds(300))
        await tester.receiveReload {
            $0.query = "11"
            $0.orders = [OrderRow(FakeOrderService.order(11))]
        }
        XCTAssertEqual(clock.requestedDelays, [.milliseconds(300), .milliseconds(300)])
    }

    /// A row's child ViewModel is a ViewModel of its own: a second tester drives it, and the parent's tester sees
    /// what it tells the parent.
    func testARowCancelsItsOrderThroughItsChildViewModel() async throws {
        let tester = makeTester()
        try await loadFirstPage(tester)
        let child = tester.viewModel.rowViewModel(at: 4)
        let row = ViewModelTester(child, spy: ReloadSpy())
        XCTAssertEqual(
            row.viewModel.outputs,
            OrderRowOutputs(title: "Order 4", status: .pending, isCancelEnabled: true, isCancelling: false))
        row.send({ $0.cancelButtonDidTap() }) {
            $0.isCancelling = true
            $0.isCancelEnabled = false
        }
        // a second tap while cancelling does nothing
        row.send { $0.cancelButtonDidTap() }
        let cancelled = try await service.cancels.next()
        XCTAssertEqual(cancelled, 4)
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
        XCTAssertTrue(tester.viewModel.rowViewModel(at: 4) === child, "the same order keeps its child")
    }

    func testTheScreenAndItsRowsChildrenAreFreed() async throws {
        let tester = makeTester()
        trackForLeaks(tester.viewModel)
        try await loadFirstPage(tester)
        trackForLeaks(tester.spy)
        _ = tester.viewModel.rowViewModel(at: 0)
        _ = tester.viewModel.rowViewModel(at: 1)
    }

    /// A view that applies the row changes, as a table view's batch updates do, shows what a full redraw shows,
    /// and draws only the rows the reloads name.
    func testAViewRedrawsOnlyTheRowsTheReloadNames() async throws {
        let tester = ViewModelTester(OrdersViewModel(service: service, clock: clock), spy: LinesSpy())
        let view = tester.spy.view
        func fullRedraw() -> [String] { tester.viewModel.outputs.orders.map { "\($0.title) · \($0.status.rawValue)" } }

        tester.send { $0.viewDidAppear() }
        _ = try await service.pages.next()
        service.pages.respond(with: FakeOrderService.page(from: 0))
        await tester.receiveReload {
            $0.orders = self.rows(0..<20)
            $0.phase = .loaded
        }
        XCTAssertEqual(view.lines, fullRedraw())
        tester.send({ $0.moreButtonDidTap() }) { $0.paging = .loading }
        _ = try await service.pages.next()
        service.pages.respond(with: FakeOrderService.page(from: 20))
        await tester.receiveReload {
            $0.orders.append(contentsOf: self.rows(20..<40))
            $0.paging = .more
        }
        XCTAssertEqual(view.lines, fullRedraw())
        XCTAssertEqual(view.linesDrawn, 40, "each page's rows drawn once")

        tester.send({ $0.refreshDidPull() }) { $0.phase = .refreshing }
        _ = try await service.pages.next()
        var fresh = FakeOrderService.page(from: 1)
        fresh.rows[5].status = .shipped
        service.pages.respond(with: fresh)
        await tester.receiveReload {
            $0.orders = Rows(fresh.rows.map(OrderRow.init))
            $0.phase = .loaded
        }
        XCTAssertEqual(view.lines, fullRedraw())
        XCTAssertEqual(view.linesDrawn, 41, "the shipped order alone: the others were deleted or kept as they were")
    }

    // MARK: The explorer

    private func makeExploredTester() -> Tester {
        service = FakeOrderService()
        return ViewModelTester(OrdersViewModel(service: service, clock: RecordingClock()), spy: ReloadSpy())
    }

    func testTheOrdersScreenKeepsTheContractAndItsRules() async {
        let explorer = ContractExplorer(
            makeExploredTester,
            inputs: [
                .call("viewDidAppear()") { $0.viewDidAppear() },
                .call("refreshDidPull()") { $0.refreshDidPull() },
                .call("retryButtonDidTap()") { $0.retryButtonDidTap() },
                .call("moreButtonDidTap()") { $0.moreButtonDidTap() },
                .call("rowDidAppear(at:)", with: .int(in: 0...45)) { $0.rowDidAppear(at: $1) },
                .call("searchTextDidChange(_:)", with: InputArgument(["", "1", "Order 2"])) {
                    $0.searchTextDidChange($1)
                },
                .step("service.pages.respond(with: FakeOrderService.page(from: <the cursor asked for>))") {
                    self.service.pages.respond(
                        with: FakeOrderService.page(from: self.service.pages.pendingRequests.first ?? 0))
                },
                .step("service.pages.fail(with: .offline)") { self.service.pages.fail(with: .offline) },
            ])
        explorer.invariant("at most one page request at a time") { _ in self.service.pages.maximumPendingCount <= 1 }
        explorer.invariant("orders are shown in order, once each") { outputs in
            zip(outputs.orders, outputs.orders.dropFirst()).allSatisfy { $0.id < $1.id }
        }
        explorer.invariant("no orders before the first page") { $0.phase != .loading || $0.orders.isEmpty }
        await explorer.run()
    }
}

extension PendingCalls.Outcome {
    /// Whether the caller's task was cancelled.
    var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

/// A spy that also shows the reloads in an `OrdersLinesView`.
@MainActor
final class LinesSpy: ReloadDelegate, DelegateSpy {
    let recorder = DelegateRecorder<OrdersOutputs, Never>()
    let view = OrdersLinesView()

    func reloadViews(_ changes: ChangeSet<OrdersOutputs>, from outputs: ReadOnlyOutputs<OrdersOutputs>) {
        view.reloadViews(changes, from: outputs)
        recorder.recordReload(changes, from: outputs)
    }
}
