internal import LoginFeature

/// The orders' SQL on one connection, prepared once, with every value bound: saving orders, a page, one order,
/// the conditional update that cancels one, and the update of a delivery note. Rows that cannot be read as orders come
/// back as ``Read/damaged(_:)``, never as made-up values.
final class OrderStatements {
    /// A read that found a row.
    enum Read<Value> {
        /// The row, read.
        case value(Value)
        /// A row whose columns are not an order's (an impossible date, status or amount): its ID.
        case damaged(Order.ID)
    }

    /// What a cancel did, decided inside its transaction.
    enum Cancel {
        /// The order was cancelled: the order as it is now.
        case cancelled(Order)
        /// The user has no such order.
        case notFound
        /// The order's status does not allow it: the order as it is.
        case notCancellable(Order)
        /// The order's row cannot be read.
        case damaged(Order.ID)
    }

    private let connection: SQLiteConnection
    private let upsert: SQLiteConnection.Statement
    private let deleteItems: SQLiteConnection.Statement
    private let insertItem: SQLiteConnection.Statement
    private let page: SQLiteConnection.Statement
    private let one: SQLiteConnection.Statement
    private let items: SQLiteConnection.Statement
    private let lastItem: SQLiteConnection.Statement
    private let setCancelled: SQLiteConnection.Statement
    private let setNote: SQLiteConnection.Statement
    private let counting: SQLiteConnection.Statement

    private static let columns = "id, number, placed_at, status, amount_fen, delivery_note"

    /// Prepares the statements; the orders' tables must exist.
    ///
    /// - Parameter connection: The open file.
    /// - Throws: SQLite's failure, such as a missing table.
    init(_ connection: SQLiteConnection) throws(SQLiteConnection.Failure) {
        self.connection = connection
        upsert = try connection.prepare(
            """
            INSERT INTO orders (id, username, number, placed_at, status, amount_fen, search_text, delivery_note)
            VALUES (CAST(?1 AS INTEGER), ?2, ?3, ?4, ?5, CAST(?6 AS INTEGER), ?7, ?8)
            ON CONFLICT (id) DO UPDATE SET username = excluded.username, number = excluded.number,
                placed_at = excluded.placed_at, status = excluded.status, amount_fen = excluded.amount_fen,
                search_text = excluded.search_text, delivery_note = excluded.delivery_note
            """)
        deleteItems = try connection.prepare("DELETE FROM order_items WHERE order_id = CAST(?1 AS INTEGER)")
        insertItem = try connection.prepare(
            """
            INSERT INTO order_items (order_id, position, name_zh, name_en, quantity, unit_price_fen)
            VALUES (CAST(?1 AS INTEGER), CAST(?2 AS INTEGER), ?3, ?4, CAST(?5 AS INTEGER), CAST(?6 AS INTEGER))
            """)
        // ?3 is the cursor's date, or empty for the first page; the search is found with instr, so `%` and `_`
        // are plain characters. Without a search the search text is not read at all (an order's can be long).
        page = try connection.prepare(
            """
            SELECT \(Self.columns) FROM orders
            WHERE username = ?1 AND (?2 = '' OR instr(search_text, ?2) > 0)
                AND (?3 = '' OR (placed_at, id) < (?3, CAST(?4 AS INTEGER)))
            ORDER BY placed_at DESC, id DESC
            LIMIT CAST(?5 AS INTEGER)
            """)
        one = try connection.prepare(
            "SELECT \(Self.columns) FROM orders WHERE id = CAST(?1 AS INTEGER) AND username = ?2")
        // An order's first items, and its last item's position (the count is one more): two look-ups in the
        // key's index, however many items the order has.
        items = try connection.prepare(
            """
            SELECT name_zh, name_en, quantity, unit_price_fen, position FROM order_items
            WHERE order_id = CAST(?1 AS INTEGER) ORDER BY position LIMIT CAST(?2 AS INTEGER)
            """)
        lastItem = try connection.prepare(
            """
            SELECT position FROM order_items WHERE order_id = CAST(?1 AS INTEGER) ORDER BY position DESC LIMIT 1
            """)
        // Compare and set: the status read in the same transaction, so nothing changed it in between.
        setCancelled = try connection.prepare(
            """
            UPDATE orders SET status = 'cancelled'
            WHERE id = CAST(?1 AS INTEGER) AND username = ?2 AND status = ?3
            """)
        setNote = try connection.prepare(
            "UPDATE orders SET delivery_note = ?3 WHERE id = CAST(?1 AS INTEGER) AND username = ?2")
        counting = try connection.prepare("SELECT count(*) FROM orders WHERE username = ?1")
    }

    /// Saves a user's orders, each replacing the one of its ID with its items; call inside a transaction.
    ///
    /// - Parameters:
    ///   - orders: The orders, each with all its items.
    ///   - username: Their owner.
    /// - Throws: SQLite's failure, such as a number another order has, or a quantity below 1; a misuse failure for
    ///   an order that holds its first items only (``Order/isPartial``), which would lose the others.
    func save(_ orders: [Order], for username: String) throws(SQLiteConnection.Failure) {
        for order in orders {
            if order.isPartial {
                throw SQLiteConnection.Failure(
                    code: SQLiteConnection.misuse,
                    message: "order \(order.id) holds only its first \(order.items.count) of \(order.itemCount) items")
            }
            let id = String(order.id.rawValue)
            _ = try upsert.rows([
                id, username, order.number, order.date.description, order.status.rawValue, String(order.amount.fen),
                order.searchableText, order.deliveryNote,
            ])
            _ = try deleteItems.rows([id])
            for (position, item) in order.items.enumerated() {
                _ = try insertItem.rows([
                    id, String(position), item.name.chinese, item.name.english, String(item.quantity),
                    String(item.unitPrice.fen),
                ])
            }
        }
    }

    /// A page of a user's orders, as ``OrderQuery`` lists them.
    ///
    /// - Parameter query: The user, the search, the cursor and the limit.
    /// - Returns: The page, or the first damaged row.
    /// - Throws: SQLite's failure (locked, damaged file).
    func page(_ query: OrderQuery) throws(SQLiteConnection.Failure) -> Read<OrderPage> {
        let rows = try page.rows([
            query.username, query.search, query.cursor?.date.description ?? "",
            query.cursor.map { String($0.id.rawValue) } ?? "0", String(query.limit + 1),
        ])
        var orders: [Order] = []
        for row in rows.prefix(query.limit) {
            switch try order(from: row) {
            case .value(let order): orders.append(order)
            case .damaged(let id): return .damaged(id)
            }
        }
        let next = rows.count > query.limit ? orders.last.map(OrderCursor.init(after:)) : nil
        return .value(OrderPage(orders: orders, nextCursor: next))
    }

    /// One of a user's orders.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order; `nil` when the user has no such order.
    /// - Throws: SQLite's failure.
    func order(_ id: Order.ID, of username: String) throws(SQLiteConnection.Failure) -> Read<Order>? {
        guard let row = try one.rows([String(id.rawValue), username], rowLimit: 1).first else { return nil }
        return try order(from: row)
    }

    /// Cancels one of a user's orders if its status allows it; call inside a transaction, which makes the read and
    /// the update one step.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: What was done, and why not when nothing was.
    /// - Throws: SQLite's failure.
    func cancel(_ id: Order.ID, of username: String) throws(SQLiteConnection.Failure) -> Cancel {
        switch try order(id, of: username) {
        case nil:
            return .notFound
        case .damaged(let id):
            return .damaged(id)
        case .value(var order):
            guard order.isCancellable else { return .notCancellable(order) }
            _ = try setCancelled.rows([String(id.rawValue), username, order.status.rawValue])
            order.status = .cancelled
            return .cancelled(order)
        }
    }

    /// Replaces the delivery note of one of a user's orders; call inside a transaction, which makes the update and
    /// the read of the order one step.
    ///
    /// - Parameters:
    ///   - note: The new note.
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order with its note; `nil` when the user has no such order.
    /// - Throws: SQLite's failure.
    func saveNote(_ note: String, for id: Order.ID, of username: String) throws(SQLiteConnection.Failure)
        -> Read<Order>?
    {
        _ = try setNote.rows([String(id.rawValue), username, note])
        return try order(id, of: username)
    }

    /// How many orders a user has.
    func count(of username: String) throws(SQLiteConnection.Failure) -> Int {
        let text = try counting.rows([username]).first?.first ?? nil
        return text.flatMap { Int($0) } ?? 0
    }

    /// Reads an order's row (``columns``), its first ``OrderQuery/maximumItemsPerOrder`` items and how many it has:
    /// the last item's position plus one, as ``save(_:for:)`` numbers them from 0. Items whose positions do not
    /// run 0, 1, 2… are damaged.
    private func order(from row: [String?]) throws(SQLiteConnection.Failure) -> Read<Order> {
        guard row.count == 6, let idText = row[0], let rawID = Int(idText) else { return .damaged(Order.ID(0)) }
        let id = Order.ID(rawID)
        guard let number = row[1], let date = row[2].flatMap({ OrderDate($0) }),
            let status = row[3].flatMap(OrderStatus.init(rawValue:)), let fen = row[4].flatMap({ Int($0) }), fen >= 0,
            let note = row[5]
        else { return .damaged(id) }
        var lines: [OrderItem] = []
        for item in try items.rows([idText, String(OrderQuery.maximumItemsPerOrder)]) {
            guard item.count == 5, let chinese = item[0], let english = item[1],
                let quantity = item[2].flatMap({ Int($0) }), quantity > 0,
                let price = item[3].flatMap({ Int($0) }), price >= 0, item[4].flatMap({ Int($0) }) == lines.count
            else { return .damaged(id) }
            lines.append(
                OrderItem(
                    name: ProductName(chinese: chinese, english: english), quantity: quantity,
                    unitPrice: Yuan(fen: price)))
        }
        let last = try lastItem.rows([idText]).first.map { $0.first.flatMap { $0.flatMap { Int($0) } } }
        let count: Int
        switch last {
        case nil: count = 0  // no item at all
        case .some(nil): return .damaged(id)  // a position that is not a number
        case .some(let position?):
            guard position < Int.max else { return .damaged(id) }
            count = position + 1
        }
        // All items read: the last one is the last read. Fewer read than there are: the rest come after them.
        let isWhole = lines.count < OrderQuery.maximumItemsPerOrder
        guard isWhole ? count == lines.count : count >= lines.count else { return .damaged(id) }
        return .value(
            Order(
                id: id, number: number, date: date, items: lines, amount: Yuan(fen: fen), status: status,
                itemsLeftOut: count - lines.count, deliveryNote: note))
    }
}
