/// What the orders screens ask of the shop: pages of a user's orders, one order, cancelling one, and saving its
/// delivery note.
///
/// ```swift
/// let page = try await service.orders(OrderQuery(username: "dimsky", search: "tea"))
/// let order = try await service.order(page.orders[0].id, of: "dimsky")
/// let cancelled = try await service.cancelOrder(order.id, of: "dimsky")   // status .cancelled
/// let noted = try await service.saveDeliveryNote("Leave it at the door.", for: order.id, of: "dimsky")
/// ```
///
/// An order belongs to one user: asked for with another user's name, it is ``OrderServiceError/notFound(_:)``.
/// A service whose calling task is cancelled throws ``OrderServiceError/cancelled``.
public protocol OrderService: Sendable {
    /// Loads a page of a user's orders, listed and searched as ``OrderQuery`` says.
    ///
    /// - Parameter query: The user, the search, where the page starts and how many.
    /// - Returns: The page; empty when the user has no orders, or none that match.
    /// - Throws: ``OrderServiceError`` when the orders cannot be loaded.
    func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage

    /// Loads one of a user's orders as it is now.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order.
    /// - Throws: ``OrderServiceError/notFound(_:)`` when the user has no such order; another
    ///   ``OrderServiceError`` when it cannot be loaded.
    func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order

    /// Cancels one of a user's orders, if its status still allows it (see ``OrderStatus/isCancellable``).
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order as it is now, with the status ``OrderStatus/cancelled``.
    /// - Throws: ``OrderServiceError/notCancellable(_:)`` with the order as it is now when its status does not
    ///   allow it (it shipped, or was cancelled already); ``OrderServiceError/notFound(_:)`` when the user has no
    ///   such order; another ``OrderServiceError`` when the service cannot be reached. Nothing is changed then.
    func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order

    /// Saves the delivery note of one of a user's orders, replacing the one it had. The note is saved as given:
    /// its rules (see ``DeliveryNote``) are the screen's.
    ///
    /// - Parameters:
    ///   - note: The new note; empty for none.
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order as it is now, with the note.
    /// - Throws: ``OrderServiceError/notFound(_:)`` when the user has no such order; another
    ///   ``OrderServiceError`` when the service cannot be reached. Nothing is changed then.
    func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
}
