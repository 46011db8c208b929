import Foundation
import LoginFeature
import SQLiteProfiles
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The orders' queries on SQLite: the same pages as `OrderQuery.page(of:)` for every search, limit and cursor,
/// stable when orders arrive or change between pages; a search bound as text; one order; the conditional cancel
/// in a transaction; damaged rows and locks reported, never made up or waited out.
final class OrderDatabaseTests: GuardedTestCase {
    private let demo = DemoOrders.orders()
    private let short = Duration.milliseconds(10)

    private func seeded(_ path: String = ":memory:", busyTimeout: Duration = .milliseconds(200)) throws
        -> OrderDatabase
    {
        try OrderDatabase(path: path, busyTimeout: busyTimeout, seed: { ["dimsky": self.demo] })
    }

    /// Every page of a query, following the cursors to the end.
    private func allPages(
        _ query: OrderQuery, of load: (OrderQuery) throws(OrderServiceError) -> OrderPage
    ) throws -> [OrderPage] {
        var pages = [try load(query)]
        while let next = pages.last?.nextCursor, pages.count <= 200 {
            pages.append(try load(query.after(next)))
        }
        return pages
    }

    func testANewDatabaseWithoutASeedHasNoOrders() throws {
        let database = try OrderDatabase(path: ":memory:")
        XCTAssertTrue(database.wasCreatedOrMigrated)
        XCTAssertEqual(try database.orders(OrderQuery(username: "dimsky")), OrderPage(orders: [], nextCursor: nil))
        XCTAssertEqual(database.name, ":memory:")
    }

    func testPagesOfTwentyHoldEveryOrderOnceNewestFirst() throws {
        let database = try seeded()
        let pages = try allPages(OrderQuery(username: "dimsky")) { query throws(OrderServiceError) in
            try database.orders(query)
        }
        XCTAssertEqual(pages.map(\.orders.count), [20, 20, 20, 20, 15])
        XCTAssertEqual(pages.flatMap(\.orders), demo, "items, amounts and statuses read back as saved")
        XCTAssertEqual(pages.last?.hasMore, false)
    }

    func testEveryPageIsTheReferencePageForEverySearchAndLimit() throws {
        let database = try seeded()
        var other = demo[0]
        other.id = Order.ID(1000)
        other.number = "PX000000001000"
        try database.save([other], for: "someone else")
        let searches = [
            "", "tea", " TEA ", "龙井", "Pm2025", "100%", "%", "_", "pu'er", "'", "\"", "\\", "(10", "×",
            "x'; DROP TABLE orders; --", "?1", "no such order",
        ]
        // Limit 1 walks every boundary, the ties of DemoOrders' same-minute orders among them; each search is
        // walked in pages of 7, so the broad ones take several.
        for (search, limit) in [("", 1), ("", 20), ("", 100)] + searches.map({ ($0, 7) }) {
            do {
                let query = OrderQuery(username: "dimsky", search: search, limit: limit)
                let pages = try allPages(query) { query throws(OrderServiceError) in try database.orders(query) }
                let expected = try allPages(query) { query in query.page(of: demo) }
                XCTAssertEqual(pages, expected, "search \(search.debugDescription), limit \(limit)")
            }
        }
        XCTAssertEqual(try database.count(of: "dimsky"), 95, "no search changed the table")
    }

    func testPagingIsStableWhenOrdersArriveOrChangeBetweenPages() throws {
        let database = try seeded()
        let query = OrderQuery(username: "dimsky")
        let first = try database.orders(query)
        var newest = demo[0]
        newest.id = Order.ID(96)
        newest.number = "PM202506200096"
        newest.date = try XCTUnwrap(OrderDate("2025-06-20 09:00"))
        var changed = demo[25]
        changed.status = .cancelled
        try database.save([newest, changed], for: "dimsky")
        let second = try database.orders(query.after(first.nextCursor))
        XCTAssertEqual(second.orders.map(\.id), demo[20..<40].map(\.id), "the new order shifted nothing")
        XCTAssertEqual(second.orders[5], changed, "a changed order is shown as it is now")
        XCTAssertEqual(try database.orders(query).orders.first, newest, "a refresh shows it first")
    }

    func testAnOrderIsFoundOnlyForItsOwner() throws {
        let database = try seeded()
        XCTAssertEqual(try database.order(demo[3].id, of: "dimsky"), demo[3])
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.order(demo[3].id, of: "balabala") },
            .notFound(demo[3].id))
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.order(Order.ID(4242), of: "dimsky") },
            .notFound(Order.ID(4242)))
        XCTAssertEqual(try database.orders(OrderQuery(username: "balabala")).orders, [])
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.cancelOrder(demo[0].id, of: "balabala") },
            .notFound(demo[0].id))
        XCTAssertEqual(try database.order(demo[0].id, of: "dimsky").status, .pendingPayment, "another user's cancel")
    }

    func testOnlyACancellableOrderIsCancelledAndARefusalSaysWhy() throws {
        let path = try newDatabasePath()
        let database = try seeded(path)
        for order in demo.prefix(12) {
            let outcome = Result { () throws(OrderServiceError) in try database.cancelOrder(order.id, of: "dimsky") }
            if order.isCancellable {
                var cancelled = order
                cancelled.status = .cancelled
                XCTAssertEqual(outcome, .success(cancelled), order.number)
            } else {
                XCTAssertEqual(outcome, .failure(.notCancellable(order)), "\(order.number) as it is: \(order.status)")
            }
        }
        let reopened = try OrderDatabase(path: path)
        let statuses = try reopened.orders(OrderQuery(username: "dimsky", limit: 12)).orders.map(\.status)
        XCTAssertEqual(statuses, demo.prefix(12).map { $0.isCancellable ? .cancelled : $0.status }, "kept in the file")
        var again = demo[0]
        again.status = .cancelled
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try reopened.cancelOrder(demo[0].id, of: "dimsky") },
            .notCancellable(again), "a second cancel is refused with the order as it is now")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try reopened.cancelOrder(Order.ID(4242), of: "dimsky") },
            .notFound(Order.ID(4242)))
    }

    func testACancelThatCannotBeWrittenChangesNothing() throws {
        let path = try newDatabasePath()
        _ = try seeded(path)
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN IMMEDIATE")  // another program is writing: reads work, writes wait
        let locked = try seeded(path, busyTimeout: short)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try locked.cancelOrder(demo[0].id, of: "dimsky") },
            .storeUnavailable(file: "profiles.sqlite", problem: .locked(waited: short)))
        XCTAssertEqual(try locked.order(demo[0].id, of: "dimsky").status, .pendingPayment)
        try other.execute("COMMIT")
        XCTAssertEqual(try locked.cancelOrder(demo[0].id, of: "dimsky").status, .cancelled, "the lock ended")

        XCTAssertEqual(chmod(path, 0o444), 0)
        try Files.withoutFilePrivileges {
            let readOnly = try OrderDatabase(path: path)
            XCTAssertEqual(
                orderError { () throws(OrderServiceError) in _ = try readOnly.cancelOrder(demo[1].id, of: "dimsky") },
                .storeUnavailable(file: "profiles.sqlite", problem: .readOnly))
            XCTAssertEqual(try readOnly.order(demo[1].id, of: "dimsky").status, .paid)
        }
    }

    func testADeliveryNoteIsSavedForItsOwnerOnlyAsTypedAndKept() throws {
        let path = try newDatabasePath()
        let database = try seeded(path)
        let note = "Leave it with the concierge, 王先生. 'Ring' \"twice\"; DROP TABLE orders; --"
        var noted = demo[1]
        noted.deliveryNote = note
        XCTAssertEqual(try database.saveDeliveryNote(note, for: demo[1].id, of: "dimsky"), noted)
        XCTAssertEqual(try OrderDatabase(path: path).order(demo[1].id, of: "dimsky"), noted, "kept")
        XCTAssertEqual(
            try database.orders(OrderQuery(username: "dimsky")).orders[1].deliveryNote, note, "listed with its note")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in
                _ = try database.saveDeliveryNote("mine now", for: demo[1].id, of: "balabala")
            },
            .notFound(demo[1].id))
        XCTAssertEqual(try database.order(demo[1].id, of: "dimsky").deliveryNote, note, "another user changes nothing")
        XCTAssertEqual(try database.saveDeliveryNote("", for: demo[1].id, of: "dimsky").deliveryNote, "")
        noted.deliveryNote = "Saved with the order."
        try database.save([noted], for: "dimsky")
        XCTAssertEqual(try database.order(demo[1].id, of: "dimsky"), noted, "an order saved again keeps its note")
        try database.save([demo[1]], for: "dimsky")
        XCTAssertEqual(try database.order(demo[1].id, of: "dimsky").deliveryNote, "")

        XCTAssertEqual(chmod(path, 0o444), 0)
        try Files.withoutFilePrivileges {
            let readOnly = try OrderDatabase(path: path)
            XCTAssertEqual(
                orderError { () throws(OrderServiceError) in
                    _ = try readOnly.saveDeliveryNote("Ring twice.", for: demo[1].id, of: "dimsky")
                },
                .storeUnavailable(file: "profiles.sqlite", problem: .readOnly))
            XCTAssertEqual(try readOnly.order(demo[1].id, of: "dimsky").deliveryNote, "")
        }
    }

    func testAFileLockedByAnotherProgramIsAnErrorAfterTheBusyTimeoutNotAHang() throws {
        let path = try newDatabasePath()
        _ = try seeded(path)
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN EXCLUSIVE")  // no reader gets in
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: path, busyTimeout: short) },
            .storeUnavailable(file: "profiles.sqlite", problem: .locked(waited: short)))
        try other.execute("COMMIT")
        let database = try OrderDatabase(path: path, busyTimeout: short)
        try other.execute("BEGIN EXCLUSIVE")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.orders(OrderQuery(username: "dimsky")) },
            .storeUnavailable(file: "profiles.sqlite", problem: .locked(waited: short)))
        try other.execute("COMMIT")
        XCTAssertEqual(try database.orders(OrderQuery(username: "dimsky")).orders.count, 20)
    }

    func testSavingReplacesAnOrderWholeOrNothingAtAll() throws {
        let database = try seeded()
        var changed = demo[0]
        changed.items = [changed.items[0]]
        changed.status = .paid
        try database.save([changed], for: "dimsky")
        XCTAssertEqual(try database.order(changed.id, of: "dimsky"), changed, "its items replaced too")

        var broken = demo[1]
        broken.items[0].quantity = 0
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in try database.save([demo[0], broken], for: "dimsky") },
            .storeUnavailable(
                file: ":memory:", problem: .sqlite("CHECK constraint failed: quantity > 0")))
        XCTAssertEqual(try database.order(changed.id, of: "dimsky"), changed, "the first order of the batch was undone")
        XCTAssertEqual(try database.count(of: "dimsky"), 95)
    }

    /// Issue 31, F7: a page read every item of every order on it, so one order of 1,000,000 items made the first
    /// page take 2.8 s and 349 MB. A page, a look-up and a cancel's answer now read an order's first 20 items and
    /// its last item's position, whatever it holds, and say how many it has.
    func testAnOrderOfManyItemsIsReadWithItsFirstItemsAndItsCount() throws {
        let database = try seeded()
        var large = demo[0]
        let item = large.items[0]
        large.items = (0..<1_000).map { number in
            OrderItem(
                name: ProductName(chinese: "商品\(number)", english: "Item \(number)"), quantity: 1,
                unitPrice: item.unitPrice)
        }
        try database.save([large], for: "dimsky")

        let listed = try XCTUnwrap(try database.orders(OrderQuery(username: "dimsky")).orders.first)
        XCTAssertEqual(listed.id, large.id)
        XCTAssertEqual(listed.items, Array(large.items.prefix(20)))
        XCTAssertEqual(listed.itemCount, 1_000)
        XCTAssertEqual(listed.summary(in: .english), "Item 0 ×1 and 999 more")
        XCTAssertEqual(listed, large.withFirstItems(), "the reference's first items")
        XCTAssertEqual(try database.order(large.id, of: "dimsky"), listed)
        let cancelled = try database.cancelOrder(large.id, of: "dimsky")
        XCTAssertEqual(cancelled.items.count, 20)
        XCTAssertEqual(cancelled.itemCount, 1_000)

        var twenty = demo[1]
        twenty.items = Array(large.items.prefix(20))
        try database.save([twenty], for: "dimsky")
        let whole = try database.order(twenty.id, of: "dimsky")
        XCTAssertEqual(whole, twenty, "twenty items are the whole order")
        XCTAssertFalse(whole.isPartial)

        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in try database.save([listed], for: "dimsky") },
            .storeUnavailable(
                file: ":memory:", problem: .sqlite("order 95 holds only its first 20 of 1000 items")),
            "saving the first items would lose the rest")
    }

    func testTextIsKeptAsItIs() throws {
        let database = try OrderDatabase(path: ":memory:")
        var order = demo[0]
        order.number = "x'; DROP TABLE orders; --"
        order.items[0].name = ProductName(chinese: "名字\u{202E}", english: "Cafe\u{301} \"au\" lait \\ 100%")
        try database.save([order], for: "名字 '")
        XCTAssertEqual(try database.order(order.id, of: "名字 '"), order)
        let found = try database.orders(OrderQuery(username: "名字 '", search: "CAFE")).orders
        XCTAssertEqual(found, [order], "e before a combining accent, as OrderQuery.matches finds it")
        XCTAssertEqual(try database.orders(OrderQuery(username: "名字 '", search: "drop table")).orders, [order])
    }

    func testADamagedRowIsReportedNeverMadeUp() throws {
        let path = try newDatabasePath()
        let database = try seeded(path)
        let raw = try RawDatabase(path: path)
        try raw.execute("UPDATE orders SET placed_at = '2025-13-01 00:00' WHERE id = 94")
        let damaged = OrderServiceError.storeUnavailable(file: "profiles.sqlite", problem: .damagedOrder(Order.ID(94)))
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.orders(OrderQuery(username: "dimsky")) },
            damaged)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.order(Order.ID(94), of: "dimsky") }, damaged)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.cancelOrder(Order.ID(94), of: "dimsky") },
            damaged)
        try raw.execute("PRAGMA ignore_check_constraints = ON")
        try raw.execute("UPDATE order_items SET quantity = 0 WHERE order_id = 93")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.order(Order.ID(93), of: "dimsky") },
            .storeUnavailable(file: "profiles.sqlite", problem: .damagedOrder(Order.ID(93))))
        try raw.execute("UPDATE orders SET status = 'lost' WHERE id = 92")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try database.order(Order.ID(92), of: "dimsky") },
            .storeUnavailable(file: "profiles.sqlite", problem: .damagedOrder(Order.ID(92))))
        XCTAssertEqual(try database.order(Order.ID(91), of: "dimsky"), demo[4], "the others are read")

        // Items are numbered 0, 1, 2… when saved; another first position, a gap, or a position that is not a
        // number is damage too.
        for (id, change) in [
            (89, "UPDATE order_items SET position = -1 WHERE order_id = 89 AND position = 0"),  // -1, 1, 2
            (87, "UPDATE order_items SET position = 7 WHERE order_id = 87 AND position = 0"),
            (90, "UPDATE order_items SET position = 'x' WHERE order_id = 90 AND position = 0"),
            (88, "UPDATE order_items SET position = 9223372036854775807 WHERE order_id = 88 AND position = 0"),
        ] {
            XCTAssertGreaterThan(demo[95 - id].items.count, id == 89 ? 2 : 0)
            try raw.execute(change)
            XCTAssertEqual(
                orderError { () throws(OrderServiceError) in _ = try database.order(Order.ID(id), of: "dimsky") },
                .storeUnavailable(file: "profiles.sqlite", problem: .damagedOrder(Order.ID(id))), change)
        }
    }
}
