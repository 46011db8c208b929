/// One page of a user's orders, newest first, and where the next one starts.
public struct OrderPage: Hashable, Sendable {
    /// The page's orders, in list order (see ``OrderQuery``).
    public var orders: [Order]
    /// Where the next page starts; `nil` when this page is the last.
    public var nextCursor: OrderCursor?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - orders: The orders, in list order.
    ///   - nextCursor: Where the next page starts, or `nil` after the last page.
    public init(orders: [Order], nextCursor: OrderCursor?) {
        self.orders = orders
        self.nextCursor = nextCursor
    }

    /// Whether more orders follow this page.
    public var hasMore: Bool { nextCursor != nil }
}
