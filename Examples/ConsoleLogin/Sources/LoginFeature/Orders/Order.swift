/// One of a user's orders, as the orders list and an order's details show it.
///
/// ```swift
/// let order = Order(
///     id: Order.ID(95), number: "PM202506180095", date: OrderDate("2025-06-18 20:41")!,
///     items: [OrderItem(name: tea, quantity: 2, unitPrice: Yuan(fen: 6800))],
///     amount: Yuan(fen: 13_600), status: .paid)
/// order.isCancellable                        // true
/// order.summary(in: .english)                // "Longjing green tea ×2"
/// ```
///
/// Its ``id`` identifies it in a list (it never changes); the ``number`` is what the user sees and quotes.
public struct Order: Identifiable, Hashable, Sendable {
    /// An order's identity: the same order keeps it across pages, refreshes and status changes.
    public struct ID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The number the order database gives the order.
        public let rawValue: Int

        /// Creates an ID.
        ///
        /// - Parameter rawValue: The database's number for the order.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Creates an ID.
        ///
        /// - Parameter rawValue: The database's number for the order.
        public init(_ rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The number, as text: `"95"`.
        public var description: String { String(rawValue) }

        /// Orders IDs by number.
        ///
        /// - Parameters:
        ///   - lhs: An ID.
        ///   - rhs: Another ID.
        /// - Returns: Whether `lhs` is the smaller number.
        public static func < (lhs: ID, rhs: ID) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The order's identity.
    public var id: ID
    /// The order number the user sees, such as `PM202506180095`.
    public var number: String
    /// When it was placed.
    public var date: OrderDate
    /// What was ordered, in the order the shop lists it: every item, or the first ones only when a service returns
    /// at most ``OrderQuery/maximumItemsPerOrder`` (``itemsLeftOut`` says how many follow them).
    public var items: [OrderItem]
    /// How many of the order's items follow those ``items`` holds: 0 when it holds every item.
    public var itemsLeftOut: Int
    /// What the order costs in all (what was or is to be paid).
    public var amount: Yuan
    /// Where the order is in its life.
    public var status: OrderStatus
    /// What the buyer asks of the courier, such as "Leave it with the concierge."; empty when there is none. The
    /// order's details screen edits it (see ``DeliveryNote``).
    public var deliveryNote: String

    /// Creates an order.
    ///
    /// - Parameters:
    ///   - id: Its identity.
    ///   - number: The order number the user sees.
    ///   - date: When it was placed.
    ///   - items: What was ordered.
    ///   - amount: What it costs in all.
    ///   - status: Where it is in its life.
    ///   - itemsLeftOut: How many items follow `items`, when it holds only the order's first ones; 0 by default
    ///     (a negative count is 0).
    ///   - deliveryNote: What the buyer asks of the courier; none by default.
    public init(
        id: ID, number: String, date: OrderDate, items: [OrderItem], amount: Yuan, status: OrderStatus,
        itemsLeftOut: Int = 0, deliveryNote: String = ""
    ) {
        self.id = id
        self.number = number
        self.date = date
        self.items = items
        self.amount = amount
        self.status = status
        self.itemsLeftOut = max(itemsLeftOut, 0)
        self.deliveryNote = deliveryNote
    }

    /// How many items the order has in all: those ``items`` holds and those it leaves out.
    public var itemCount: Int { items.count + itemsLeftOut }

    /// Whether ``items`` holds only the first of the order's items.
    public var isPartial: Bool { itemsLeftOut > 0 }

    /// The order with at most its first `count` items, and its ``itemCount`` kept: what a service returns.
    ///
    /// - Parameter count: The most items kept; ``OrderQuery/maximumItemsPerOrder`` by default.
    /// - Returns: The order, with its first items only when it has more.
    public func withFirstItems(_ count: Int = OrderQuery.maximumItemsPerOrder) -> Order {
        let kept = max(count, 0)
        guard items.count > kept else { return self }
        var first = self
        first.items = Array(items.prefix(kept))
        first.itemsLeftOut += items.count - kept
        return first
    }

    /// Whether the order can still be cancelled (see ``OrderStatus/isCancellable``).
    public var isCancellable: Bool { status.isCancellable }

    /// What a search looks in: the order number and every item's names in both languages, lowercased, one per
    /// line. A search matches an order when its text (see ``OrderQuery/search``) is part of this text. (Of an order
    /// holding its first items only, the text has only theirs.)
    public var searchableText: String {
        ([number] + items.flatMap { [$0.name.chinese, $0.name.english] }).joined(separator: "\n").lowercased()
    }

    /// A one-line summary of the items for a list row: `龙井绿茶 ×2 等 3 种商品`, `Longjing green tea ×2 and 2 more`
    /// (``itemCount`` counts, so an order holding its first items only says how many it has).
    ///
    /// - Parameter language: The language.
    /// - Returns: The summary.
    public func summary(in language: Language) -> String {
        OrderText(language: language).summary(of: items, count: itemCount)
    }
}
