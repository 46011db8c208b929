/// Which page of a user's orders to load: the user, an optional search, where the page starts, and how many.
///
/// Every ``OrderService`` lists orders the same way, and ``page(of:)`` is that rule written out:
///
/// - **Order**: newest first by ``Order/date``, and among orders of the same minute, the larger ``Order/id``
///   first, so the order is total and paging is stable.
/// - **Search**: the text is trimmed of surrounding whitespace, its line breaks made spaces (so it never spans two
///   fields) and lowercased; an order matches when the text is
///   part of its ``Order/searchableText`` (its number and item names in both languages), Unicode scalar by scalar
///   as a database compares text. Empty text matches every order. The text is matched as it is: `%`, `_`, quotes
///   and backslashes are plain characters.
/// - **Pages**: at most ``limit`` orders after ``cursor``; a page that is not the last says where the next starts.
/// - **Items**: each order holds at most its first ``maximumItemsPerOrder`` items (``Order/withFirstItems(_:)``);
///   its ``Order/itemCount`` says how many it has.
///
/// ```swift
/// let first = try await service.orders(OrderQuery(username: "dimsky"))
/// if let next = first.nextCursor {
///     let second = try await service.orders(OrderQuery(username: "dimsky", after: next))
/// }
/// let tea = try await service.orders(OrderQuery(username: "dimsky", search: " Tea "))   // search "tea"
/// ```
public struct OrderQuery: Hashable, Sendable {
    /// The orders list's page size.
    public static let pageSize = 20
    /// The largest page a query asks for; a larger ``limit`` is lowered to it.
    public static let maximumPageSize = 100
    /// The most items of one order a service returns, in a page, a look-up or a cancel's answer: an order with
    /// more holds its first 20, and its ``Order/itemCount`` says how many it has. So a page of 20 orders reads at
    /// most 400 items, whatever the orders hold.
    public static let maximumItemsPerOrder = 20

    /// Whose orders.
    public let username: String
    /// The search text, trimmed, on one line and lowercased; empty for every order.
    public let search: String
    /// Where the page starts: after this place in the list; `nil` for the first page.
    public let cursor: OrderCursor?
    /// The most orders on the page, 1 to ``maximumPageSize``.
    public let limit: Int

    /// Creates a query.
    ///
    /// - Parameters:
    ///   - username: Whose orders.
    ///   - search: The search text as typed; it is trimmed, its line breaks made spaces, and lowercased. Empty (the
    ///     default) for every order.
    ///   - cursor: Where the page starts (a page's ``OrderPage/nextCursor``); `nil` (the default) for the first.
    ///   - limit: The most orders on the page; ``pageSize`` by default. It is raised to 1 or lowered to
    ///     ``maximumPageSize`` when out of range.
    public init(username: String, search: String = "", after cursor: OrderCursor? = nil, limit: Int = pageSize) {
        self.username = username
        let isSpace = { (character: Character) in character.isWhitespace }
        let trimmed = search.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        self.search = String(trimmed.map { $0.isNewline ? " " : $0 }).lowercased()
        self.cursor = cursor
        self.limit = min(max(limit, 1), Self.maximumPageSize)
    }

    /// The same query for the page that starts at another place.
    ///
    /// - Parameter cursor: Where the page starts; `nil` for the first page.
    /// - Returns: The query with the same user, search and limit.
    public func after(_ cursor: OrderCursor?) -> OrderQuery {
        OrderQuery(username: username, search: search, after: cursor, limit: limit)
    }

    /// Whether an order matches the search (every order does when the search is empty).
    ///
    /// - Parameter order: An order.
    /// - Returns: Whether the search text is part of the order's ``Order/searchableText``.
    public func matches(_ order: Order) -> Bool {
        search.isEmpty || order.searchableText.unicodeScalars.firstRange(of: search.unicodeScalars) != nil
    }

    /// The page this query selects from a user's orders, by the rule above: the reference every service follows.
    ///
    /// - Parameter orders: All of the user's orders, in any order.
    /// - Returns: The matching orders after the cursor, newest first, at most ``limit`` of them, each with at most
    ///   its first ``maximumItemsPerOrder`` items.
    public func page(of orders: some Sequence<Order>) -> OrderPage {
        let listed = orders.filter { order in matches(order) && (cursor?.precedes(order) ?? true) }
            .sorted(by: Self.isListedBefore)
        let page = listed.prefix(limit).map { $0.withFirstItems() }
        let next = listed.count > limit ? page.last.map(OrderCursor.init(after:)) : nil
        return OrderPage(orders: page, nextCursor: next)
    }

    /// Whether one order comes before another in the list: newer first, then the larger ID.
    ///
    /// - Parameters:
    ///   - first: An order.
    ///   - second: Another order.
    /// - Returns: Whether `first` is listed before `second`.
    public static func isListedBefore(_ first: Order, _ second: Order) -> Bool {
        (first.date, first.id) > (second.date, second.id)
    }
}
