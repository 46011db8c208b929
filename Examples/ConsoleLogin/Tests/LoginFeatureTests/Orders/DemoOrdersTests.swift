import LoginFeature
import TestSupport
import XCTest

/// The demo account's 95 orders: the same on every run, newest first, and varied enough to show every state.
final class DemoOrdersTests: GuardedTestCase {
    private let orders = DemoOrders.orders()

    func testTheSameOrdersEveryTime() {
        XCTAssertEqual(DemoOrders.orders(), orders)
        XCTAssertEqual(orders.count, DemoOrders.count)
        XCTAssertEqual(DemoOrders.count, 95)
    }

    func testTheNewestAndTheOldest() {
        XCTAssertEqual(orders.first?.number, "PM202506180095")
        XCTAssertEqual(orders.first?.date.description, "2025-06-18 23:57")
        XCTAssertEqual(orders.first?.status, .pendingPayment)
        XCTAssertEqual(orders.first?.summary(in: .english), "Running shoes ×3 and 1 more")
        XCTAssertEqual(orders.last?.number, "PM202411060001")
        XCTAssertEqual(orders.last?.status, .delivered)
    }

    func testIDsNumbersAndListOrder() {
        XCTAssertEqual(orders.map(\.id.rawValue), Array((1...95).reversed()))
        XCTAssertEqual(Set(orders.map(\.number)).count, 95, "every number differs")
        for order in orders {
            let day = String(order.date.description.prefix(10).filter { $0 != "-" })
            let id = String(order.id.rawValue)
            XCTAssertEqual(order.number, "PM" + day + String(repeating: "0", count: 4 - id.count) + id)
        }
        XCTAssertEqual(orders, orders.sorted(by: OrderQuery.isListedBefore), "newest first, ties by ID")
        XCTAssertTrue(zip(orders, orders.dropFirst()).contains { $0.date == $1.date }, "some orders share a minute")
    }

    func testAmountsAreTheItemsTotals() {
        for order in orders {
            XCTAssertTrue((1...3).contains(order.items.count), order.number)
            XCTAssertEqual(
                order.amount.fen, order.items.reduce(0) { $0 + $1.quantity * $1.unitPrice.fen }, order.number)
            XCTAssertEqual(Set(order.items.map(\.name)).count, order.items.count, "\(order.number): one line a product")
        }
    }

    func testEveryStatusShowsAndTheNewestCanBeCancelled() {
        let counts = Dictionary(grouping: orders, by: \.status).mapValues(\.count)
        XCTAssertEqual(counts, [.pendingPayment: 2, .paid: 3, .shipped: 4, .cancelled: 8, .delivered: 78])
        XCTAssertEqual(orders.prefix(10).filter(\.isCancellable).count, 5)
    }
}
