/// Where the next page of an orders list starts: right after the last order of the page before.
///
/// The list is sorted newest first (``OrderQuery`` says how), and the cursor holds that order's place in the sort,
/// not a count of rows, so a page never repeats or skips an order when orders are added or change status between
/// two pages.
public struct OrderCursor: Hashable, Sendable {
    /// The date of the last order already shown.
    public let date: OrderDate
    /// The ID of the last order already shown.
    public let id: Order.ID

    /// Creates a cursor after an order's place in the list.
    ///
    /// - Parameters:
    ///   - date: The order's date.
    ///   - id: The order's ID.
    public init(date: OrderDate, id: Order.ID) {
        self.date = date
        self.id = id
    }

    /// Creates the cursor after an order.
    ///
    /// - Parameter order: The last order already shown.
    public init(after order: Order) {
        self.init(date: order.date, id: order.id)
    }

    /// Whether an order comes after the cursor in the list: it is older, or as old with a smaller ID.
    ///
    /// - Parameter order: An order.
    /// - Returns: Whether it belongs to a page after the cursor.
    public func precedes(_ order: Order) -> Bool {
        (order.date, order.id) < (date, id)
    }
}
