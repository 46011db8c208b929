/// An order as its details screen shows it, in the screen's ``Language``: what ``OrdersNavigating`` is given when
/// the user opens an order from the list.
///
/// ```swift
/// let details = OrderDetails(order, language: .english)
/// details.items[0].name        // "Longjing green tea"
/// details.items[0].unitPrice   // "68.00 yuan"
/// details.amount               // "136.00 yuan"
/// ```
public struct OrderDetails: Hashable, Sendable {
    /// One line of the order, ready to show.
    public struct Item: Hashable, Sendable {
        /// The product's name.
        public let name: String
        /// How many were ordered.
        public let quantity: Int
        /// The price of one, with its unit.
        public let unitPrice: String
        /// The price of all of them, with its unit; `—` when it is too large to count (a damaged record).
        public let total: String
    }

    /// The order's identity.
    public let id: Order.ID
    /// The order number the user sees, such as `PM202506180095`.
    public let number: String
    /// When it was placed, as `2025-06-18 20:41`.
    public let date: String
    /// The status's name: `Pending payment`, `待付款`.
    public let status: String
    /// What was ordered, in the shop's order: every item, or the first ones of an order with more items than a
    /// service returns (``OrderQuery/maximumItemsPerOrder``).
    public let items: [Item]
    /// What ``items`` leaves out, such as `…and 999980 more items`; `nil` when it holds every item.
    public let moreItems: String?
    /// What the order costs in all, with its unit.
    public let amount: String

    /// Makes the details of an order.
    ///
    /// - Parameters:
    ///   - order: The order.
    ///   - language: The language of the words and units.
    public init(_ order: Order, language: Language) {
        id = order.id
        number = order.number
        date = order.date.description
        status = order.status.title(in: language)
        items = order.items.map { item in
            let (total, overflow) = item.unitPrice.fen.multipliedReportingOverflow(by: item.quantity)
            return Item(
                name: item.name.text(in: language), quantity: item.quantity,
                unitPrice: item.unitPrice.text(in: language),
                total: overflow ? "—" : Yuan(fen: total).text(in: language))
        }
        moreItems = order.isPartial ? OrderText(language: language).moreItems(order.itemsLeftOut) : nil
        amount = order.amount.text(in: language)
    }
}
