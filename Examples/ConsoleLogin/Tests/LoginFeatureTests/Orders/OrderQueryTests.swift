import LoginFeature
import TestSupport
import XCTest

/// The listing rule every order service follows, written out in `OrderQuery.page(of:)`: newest first, ties by ID,
/// a search in the number and both languages' item names, pages that neither repeat nor skip an order.
final class OrderQueryTests: GuardedTestCase {
    private let demo = DemoOrders.orders()

    func testTheSearchIsTrimmedAndLowercasedAndTheLimitKeptInRange() {
        let query = OrderQuery(username: "dimsky", search: " \t Green TEA\n")
        XCTAssertEqual(query.search, "green tea")
        XCTAssertEqual(query.limit, 20)
        XCTAssertNil(query.cursor)
        XCTAssertEqual(OrderQuery(username: "dimsky", search: "  ").search, "")
        XCTAssertEqual(OrderQuery(username: "dimsky", search: "a  b").search, "a  b", "inner spaces are kept")
        XCTAssertEqual(OrderQuery(username: "dimsky", limit: 0).limit, 1)
        XCTAssertEqual(OrderQuery(username: "dimsky", limit: -5).limit, 1)
        XCTAssertEqual(OrderQuery(username: "dimsky", limit: 100).limit, 100)
        XCTAssertEqual(OrderQuery(username: "dimsky", limit: Int.max).limit, OrderQuery.maximumPageSize)
        XCTAssertEqual(OrderQuery(username: "dimsky", search: "TEA"), OrderQuery(username: "dimsky", search: "tea"))
    }

    func testTheNextPagesQueryKeepsTheUserSearchAndLimit() throws {
        let cursor = OrderCursor(after: demo[3])
        let query = OrderQuery(username: "dimsky", search: "Tea", limit: 5)
        XCTAssertEqual(query.after(cursor), OrderQuery(username: "dimsky", search: "tea", after: cursor, limit: 5))
        XCTAssertEqual(query.after(cursor).after(nil), query)
    }

    func testPagesOfTwentyListEveryOrderOnceNewestFirst() {
        var pages: [OrderPage] = []
        var query = OrderQuery(username: "dimsky")
        while true {
            let page = query.page(of: demo.shuffled())
            pages.append(page)
            guard let next = page.nextCursor else { break }
            query = query.after(next)
        }
        XCTAssertEqual(pages.map(\.orders.count), [20, 20, 20, 20, 15])
        XCTAssertEqual(pages.map(\.hasMore), [true, true, true, true, false])
        XCTAssertEqual(pages.flatMap(\.orders), demo, "DemoOrders are newest first, the list's order")
        XCTAssertEqual(pages[0].nextCursor, OrderCursor(after: demo[19]))
    }

    func testOrdersOfTheSameMinuteAreListedByIDEvenAcrossAPageBoundary() throws {
        // DemoOrders has two orders of 2024-12-18 17:10: IDs 22 and 21.
        let tie = demo.filter { $0.date.description == "2024-12-18 17:10" }
        XCTAssertEqual(tie.map(\.id), [Order.ID(22), Order.ID(21)])
        let before = try XCTUnwrap(demo.firstIndex { $0.id == Order.ID(23) })
        let query = OrderQuery(username: "dimsky", after: OrderCursor(after: demo[before]), limit: 1)
        let first = query.page(of: demo)
        let second = query.after(first.nextCursor).page(of: demo)
        XCTAssertEqual(first.orders.map(\.id), [Order.ID(22)])
        XCTAssertEqual(
            second.orders.map(\.id), [Order.ID(21)], "the boundary falls inside the minute: 21 still follows")
    }

    func testPagingIsStableWhenOrdersArriveOrChangeBetweenPages() throws {
        let query = OrderQuery(username: "dimsky", limit: 20)
        let first = query.page(of: demo)
        var later = demo
        var newest = demo[0]
        newest.id = Order.ID(96)
        newest.number = "PM202506200096"
        newest.date = try XCTUnwrap(OrderDate("2025-06-20 09:00"))
        later.insert(newest, at: 0)
        let changed = try XCTUnwrap(later.firstIndex { $0.id == demo[25].id })
        later[changed].status = .cancelled
        let second = query.after(first.nextCursor).page(of: later)
        XCTAssertEqual(second.orders.map(\.id), demo[20..<40].map(\.id), "a new order does not shift the next page")
        XCTAssertEqual(second.orders[5].status, .cancelled, "a changed order is shown as it is now")
        XCTAssertEqual(query.page(of: later).orders.first?.id, Order.ID(96), "a refresh shows the new order first")
    }

    func testASearchFindsNumbersAndItemsInEitherLanguageWhateverTheCase() {
        func ids(_ search: String) -> [Int] {
            OrderQuery(username: "dimsky", search: search, limit: 100).page(of: demo).orders.map(\.id.rawValue)
        }
        /// The orders with an item whose English name holds the text, newest first: a plain oracle.
        func withItem(_ english: String) -> [Int] {
            demo.filter { $0.items.contains { $0.name.english.contains(english) } }.map(\.id.rawValue)
        }
        XCTAssertEqual(ids("PM202506180095"), [95])
        XCTAssertEqual(ids("pm2024121"), [23, 22, 21, 20, 19, 18], "the numbers of 10 to 19 December 2024")
        XCTAssertEqual(ids("LONGJING"), withItem("Longjing"))
        XCTAssertFalse(ids("LONGJING").isEmpty)
        XCTAssertEqual(ids("龙井"), ids("longjing green tea"), "both languages of the same item")
        XCTAssertEqual(ids("100%"), withItem("100%"), "% is a plain character")
        XCTAssertEqual(ids("pu'er"), withItem("pu'er"), "so is a quote")
        XCTAssertTrue(ids("pu'er").contains(91))
        XCTAssertEqual(ids("_"), [], "and _ matches only itself")
        XCTAssertEqual(ids("").count, 95)
        XCTAssertEqual(ids("no such thing"), [])
    }

    func testASearchNeverSpansTwoFields() {
        var order = demo[0]
        order.items = [
            OrderItem(name: ProductName(chinese: "绿茶", english: "Green tea"), quantity: 1, unitPrice: Yuan(fen: 1)),
            OrderItem(name: ProductName(chinese: "龙井", english: "Longjing"), quantity: 1, unitPrice: Yuan(fen: 1)),
        ]
        XCTAssertTrue(order.searchableText.contains("tea\n龙井"), "the fields are lines")
        let query = OrderQuery(username: "dimsky", search: "Tea\r\n龙井")
        XCTAssertEqual(query.search, "tea 龙井", "a line break typed or pasted is a space")
        XCTAssertFalse(query.matches(order))
    }

    func testASearchComparesUnicodeScalarsAsADatabaseDoes() throws {
        var order = demo[0]
        order.items[0].name.english = "Cafe\u{301} au lait"  // é as e and a combining accent
        let query = OrderQuery(username: "dimsky", search: "cafe")
        XCTAssertTrue(query.matches(order), "the e before the accent is found, as SQLite's instr finds it")
        XCTAssertFalse(OrderQuery(username: "dimsky", search: "café").matches(order), "precomposed é is other text")
    }

    /// Issue 31, F7: the reference page holds each order's first 20 items only, with its count, as every
    /// service's does; a search still looks in every item.
    func testAPageHoldsTheFirstTwentyItemsOfEachOrder() {
        var large = DemoOrders.orders()[0]
        let item = large.items[0]
        large.items = (0..<30).map { number in
            OrderItem(
                name: ProductName(chinese: "商品\(number)", english: "Item \(number)"), quantity: 1,
                unitPrice: item.unitPrice)
        }
        let page = OrderQuery(username: "dimsky").page(of: [large])
        XCTAssertEqual(page.orders.first?.items, Array(large.items.prefix(20)))
        XCTAssertEqual(page.orders.first?.itemCount, 30)
        XCTAssertEqual(OrderQuery(username: "dimsky", search: "item 29").page(of: [large]).orders.map(\.id), [large.id])
    }

    func testAnEmptyListIsOneEmptyLastPage() {
        XCTAssertEqual(OrderQuery(username: "nobody").page(of: []), OrderPage(orders: [], nextCursor: nil))
        let exact = OrderQuery(username: "dimsky", limit: 95).page(of: demo)
        XCTAssertEqual(exact.orders.count, 95)
        XCTAssertNil(exact.nextCursor, "a page that takes the last order is the last page")
    }
}
