import LoginFeature
import PureMVVMTesting

/// An order service whose calls wait until the test answers them, one `PendingCalls` per kind of request.
final class FakeOrderService: OrderService {
    /// Which order of whom a look-up or a cancel asked for.
    struct OrderRequest: Hashable, Sendable {
        let id: Order.ID
        let username: String
    }

    /// The note a save asked for, and for which order of whom.
    struct NoteRequest: Hashable, Sendable {
        let note: String
        let id: Order.ID
        let username: String
    }

    let listings = PendingCalls<OrderQuery, OrderPage, OrderServiceError>(
        whenCancelled: .cancelled, label: "order listings")
    let lookUps = PendingCalls<OrderRequest, Order, OrderServiceError>(
        whenCancelled: .cancelled, label: "order look-ups")
    let cancels = PendingCalls<OrderRequest, Order, OrderServiceError>(
        whenCancelled: .cancelled, label: "order cancels")
    let notes = PendingCalls<NoteRequest, Order, OrderServiceError>(whenCancelled: .cancelled, label: "delivery notes")

    func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
        try await listings.wait(for: query)
    }

    func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await lookUps.wait(for: OrderRequest(id: id, username: username))
    }

    func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await cancels.wait(for: OrderRequest(id: id, username: username))
    }

    func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
    {
        try await notes.wait(for: NoteRequest(note: note, id: id, username: username))
    }
}

/// An order service over orders in memory that answers at once, by the rules every service follows: pages as
/// `OrderQuery.page(of:)` selects them, an order of another user not found, only a cancellable order cancelled.
actor InMemoryOrders: OrderService {
    private(set) var ordersByUser: [String: [Order]]

    init(_ ordersByUser: [String: [Order]]) {
        self.ordersByUser = ordersByUser
    }

    func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
        query.page(of: ordersByUser[query.username] ?? [])
    }

    func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        guard let order = ordersByUser[username]?.first(where: { $0.id == id }) else { throw .notFound(id) }
        return order
    }

    func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        guard let index = ordersByUser[username]?.firstIndex(where: { $0.id == id }),
            var order = ordersByUser[username]?[index]
        else { throw .notFound(id) }
        guard order.isCancellable else { throw .notCancellable(order) }
        order.status = .cancelled
        ordersByUser[username]?[index] = order
        return order
    }

    func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
    {
        guard let index = ordersByUser[username]?.firstIndex(where: { $0.id == id }),
            var order = ordersByUser[username]?[index]
        else { throw .notFound(id) }
        order.deliveryNote = note
        ordersByUser[username]?[index] = order
        return order
    }
}

/// An order service whose first listing takes no notice of its caller's cancellation, as a server that answers
/// anyway: the call waits in a task of its own, which cancelling the caller does not reach, until the test answers
/// it through ``firstPages``, however late. Every other call is ``fake``'s.
@MainActor
final class LateFirstPageOrderService: OrderService {
    let fake = FakeOrderService()
    /// The first listing, answered by the test.
    let firstPages = PendingCalls<OrderQuery, OrderPage, OrderServiceError>(
        whenCancelled: .cancelled, label: "late first page")
    /// The first listing's query, once it was asked for.
    private(set) var lateQuery: OrderQuery?

    func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
        guard lateQuery == nil else { return try await fake.orders(query) }
        lateQuery = query
        let call = Task { [firstPages] () async -> Result<OrderPage, OrderServiceError> in
            do throws(OrderServiceError) {
                return .success(try await firstPages.wait(for: query))
            } catch {
                return .failure(error)
            }
        }
        return try await call.value.get()
    }

    func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await fake.order(id, of: username)
    }

    func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await fake.cancelOrder(id, of: username)
    }

    func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
    {
        try await fake.saveDeliveryNote(note, for: id, of: username)
    }
}
