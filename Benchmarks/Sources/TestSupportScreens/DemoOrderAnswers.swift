internal import Foundation
internal import LoginFeature

/// An order service that answers every request at once from the demo account's orders, as the orders
/// exploration's steps answer its fake (`Examples/ConsoleLogin/Tests/LoginFeatureTests/ContractExplorationTests`),
/// keeping nothing: a cancelled order or a saved note comes back changed, and the next page has the demo's again.
/// Each page is worked out once and kept, so that a benchmark of the screen's test measures the test, not the
/// demo's search.
struct DemoOrderAnswers: OrderService {
    static let orders = DemoOrders.orders()

    func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
        Self.pages.page(for: query)
    }

    private static let pages = Pages()

    /// Works out every page of each search before the benchmark runs, so that none is worked out during it.
    ///
    /// - Parameters:
    ///   - searches: The searches, as the screen sends them.
    ///   - username: Whose orders.
    static func workOutPages(of searches: [String], for username: String) {
        for search in searches {
            var query: OrderQuery? = OrderQuery(username: username, search: search)
            while let next = query {
                query = pages.page(for: next).nextCursor.map { next.after($0) }
            }
        }
    }

    /// The pages worked out so far, by query.
    private final class Pages: @unchecked Sendable {  // `pages` is behind the lock
        private let lock = NSLock()
        private var pages: [OrderQuery: OrderPage] = [:]

        func page(for query: OrderQuery) -> OrderPage {
            lock.lock()
            defer { lock.unlock() }
            if let page = pages[query] { return page }
            let page = query.page(of: DemoOrderAnswers.orders)
            pages[query] = page
            return page
        }
    }

    func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try Self.order(id)
    }

    func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        var order = try Self.order(id)
        guard order.isCancellable else { throw .notCancellable(order) }
        order.status = .cancelled
        return order
    }

    func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
    {
        var order = try Self.order(id)
        order.deliveryNote = note
        return order
    }

    private static func order(_ id: Order.ID) throws(OrderServiceError) -> Order {
        guard let order = orders.first(where: { $0.id == id }) else { throw .notFound(id) }
        return order
    }
}
