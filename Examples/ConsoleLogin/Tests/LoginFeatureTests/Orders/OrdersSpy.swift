import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The orders screen's view in its tests: reloads, and the order opened. Like a navigation stack, it keeps the
/// details screen it was handed until the test takes it (``takeDetails()``) or it closes.
@MainActor
final class OrdersSpy: OrdersViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        /// A details screen was opened, showing this order.
        case details(OrderDetails)
    }

    let recorder = DelegateRecorder<OrdersOutputs, Event>()
    /// The details screen opened last, kept as a navigation stack keeps the screen it shows.
    private(set) var openDetails: OrderDetailsViewModel?

    func moveToOrderDetails(_ details: OrderDetailsViewModel) {
        openDetails = details
        recorder.record(.details(details.outputs.details))
    }

    /// Hands the details screen opened last over to the test (to its own tester), keeping no reference to it.
    func takeDetails() -> OrderDetailsViewModel? {
        defer { openDetails = nil }
        return openDetails
    }
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
