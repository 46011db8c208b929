import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The orders screen's view in its tests: reloads, and the order opened.
@MainActor
final class OrdersSpy: OrdersViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case details(OrderDetails)
    }

    let recorder = DelegateRecorder<OrdersOutputs, Event>()
    func moveToOrderDetails(_ details: OrderDetails) { recorder.record(.details(details)) }
}

/// The demo account's orders, and its pages as every order service lists them (`OrderQuery.page(of:)`).
enum DemoPages {
    static let orders = DemoOrders.orders()

    /// The page a query selects from the demo's orders.
    static func page(_ query: OrderQuery) -> OrderPage { query.page(of: orders) }

    /// The rows of the demo's orders at these positions in the list (newest first).
    static func rows(_ positions: Range<Int>, language: Language = .english) -> Rows<OrderRow> {
        Rows(orders[positions].map { OrderRow($0, language: language) })
    }

    /// The demo's order at a position in the list, with another status.
    static func order(_ position: Int, status: OrderStatus) -> Order {
        var order = orders[position]
        order.status = status
        return order
    }
}
