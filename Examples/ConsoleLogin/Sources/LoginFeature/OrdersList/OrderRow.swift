/// One row of the orders list: what its cell shows, in the screen's ``Language``, made from an ``Order``.
///
/// ```swift
/// let row = OrderRow(order, language: .english)
/// row.number        // "PM202506180095"
/// row.statusTitle   // "Pending payment"
/// row.amount        // "136.00 yuan"
/// row.summary       // "Longjing green tea ×2"
/// ```
///
/// Rows are compared by value: a row whose order changed status is a changed row, and the list's reload names it
/// as an update (see `Rows` and `RowChanges` in PureMVVM).
public struct OrderRow: Identifiable, Hashable, Sendable {
    /// The order's identity: the same order keeps it across pages, refreshes and status changes.
    public let id: Order.ID
    /// The order number the user sees, such as `PM202506180095`.
    public var number: String
    /// When it was placed, as `2025-06-18 20:41`.
    public var date: String
    /// The items in a few words: `Longjing green tea ×2 and 2 more`, `龙井绿茶 ×2 等 3 种商品`.
    public var summary: String
    /// The amount with its unit: `136.00 yuan`, `136.00元`.
    public var amount: String
    /// Where the order is in its life.
    public var status: OrderStatus
    /// The status's name: `Pending payment`, `待付款`.
    public var statusTitle: String
    /// The delivery note, as saved (see ``Order/deliveryNote``); empty for none.
    public var deliveryNote: String

    /// Makes the row of an order.
    ///
    /// - Parameters:
    ///   - order: The order.
    ///   - language: The language of the row's words.
    public init(_ order: Order, language: Language) {
        id = order.id
        number = order.number
        date = order.date.description
        summary = order.summary(in: language)
        amount = order.amount.text(in: language)
        status = order.status
        statusTitle = order.status.title(in: language)
        deliveryNote = order.deliveryNote
    }

    /// Whether the order can still be cancelled (see ``OrderStatus/isCancellable``).
    public var isCancellable: Bool { status.isCancellable }
}
