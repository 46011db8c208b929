import PureMVVM
import PureMVVMTesting

/// The orders service, answered by the test: each page and each cancel waits until the test responds.
final class FakeOrderService: OrderService {
    let pages = PendingCalls<Int, Page<Order, Int>, OrdersFailure>(whenCancelled: .cancelled, label: "order pages")
    let cancels = PendingCalls<Int, Void, OrdersFailure>(whenCancelled: .cancelled, label: "order cancels")

    func orders(from cursor: Int) async throws(OrdersFailure) -> Page<Order, Int> {
        try await pages.wait(for: cursor)
    }

    func cancelOrder(_ id: Int) async throws(OrdersFailure) {
        try await cancels.wait(for: id)
    }

    /// The page of the 95 orders at `cursor`, 20 at a time, as a server would send it.
    static func page(from cursor: Int, total: Int = 95) -> Page<Order, Int> {
        let end = min(cursor + 20, total)
        return Page(rows: (cursor..<end).map(order), next: end < total ? end : nil)
    }

    /// Order `id`: pending, titled "Order 1", "Order 2", …
    static func order(_ id: Int) -> Order {
        Order(id: id, title: "Order \(id)", status: .pending)
    }
}
