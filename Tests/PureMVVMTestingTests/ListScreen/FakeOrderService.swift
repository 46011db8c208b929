import PureMVVM
import PureMVVMTesting
import XCTest

/// The orders service, answered by the test: each page and each cancel waits until the test responds.
final class FakeOrderService: OrderService {
    let pages = PendingCalls<Int, RowPage<Order, Int>, OrdersFailure>(whenCancelled: .cancelled, label: "order pages")
    let cancels = PendingCalls<Int, Void, OrdersFailure>(whenCancelled: .cancelled, label: "order cancels")

    func orders(from cursor: Int) async throws(OrdersFailure) -> RowPage<Order, Int> {
        try await pages.wait(for: cursor)
    }

    func cancelOrder(_ id: Int) async throws(OrdersFailure) {
        try await cancels.wait(for: id)
    }

    /// The page of the 95 orders at `cursor`, 20 at a time, as a server would send it.
    static func page(from cursor: Int, total: Int = 95) -> RowPage<Order, Int> {
        let end = min(cursor + 20, total)
        return RowPage(rows: (cursor..<end).map(order), next: end < total ? end : nil)
    }

    /// Order `id`: pending, titled "Order 1", "Order 2", …
    static func order(_ id: Int) -> Order {
        Order(id: id, title: "Order \(id)", status: .pending)
    }
}

extension FakeOrderService {
    /// The rows of the orders numbered `ids`, as the screen shows them.
    static func rows(_ ids: Range<Int>) -> Rows<OrderRow> {
        Rows(ids.map { OrderRow(order($0)) })
    }

    /// Sends `viewDidAppear()`, answers the first page with 20 orders, and checks the reload that shows them.
    @MainActor
    func loadFirstPage(
        into tester: ViewModelTester<OrdersViewModel, ReloadSpy<OrdersOutputs>>, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws {
        tester.send({ $0.viewDidAppear() }, fileID: fileID, filePath: filePath, line: line, column: column)
        let cursor = try await pages.next()
        XCTAssertEqual(cursor, 0, file: filePath, line: line)
        pages.respond(with: Self.page(from: 0))
        await tester.receiveReload(
            outputs: {
                $0.orders = Self.rows(0..<20)
                $0.phase = .loaded
            }, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
