import LoginFeature
import TestSupport
import XCTest

/// Every word the orders show, in both languages: statuses, summaries and each error's sentence.
final class OrderWordsTests: GuardedTestCase {
    private let shipped = Order(
        id: Order.ID(90), number: "PM202506020090",
        date: OrderDate(year: 2025, month: 6, day: 2, hour: 12, minute: 28)!,
        items: [], amount: Yuan(fen: 45_900), status: .shipped)

    func testStatusNames() {
        XCTAssertEqual(OrderStatus.allCases.map { $0.title(in: .chinese) }, ["待付款", "已付款", "已发货", "已送达", "已取消"])
        XCTAssertEqual(
            OrderStatus.allCases.map { $0.title(in: .english) },
            ["Pending payment", "Paid", "Shipped", "Delivered", "Cancelled"])
    }

    func testSummariesNameTheFirstItemAndCountTheRest() {
        let tea = OrderItem(
            name: ProductName(chinese: "龙井绿茶", english: "Longjing green tea"), quantity: 2, unitPrice: Yuan(fen: 6800))
        let mug = OrderItem(name: ProductName(chinese: "陶瓷马克杯", english: "Ceramic mug"), quantity: 1, unitPrice: .zero)
        var order = shipped
        let summaries: [([OrderItem], String, String)] = [
            ([], "无商品", "No items"),
            ([tea], "龙井绿茶 ×2", "Longjing green tea ×2"),
            ([tea, mug], "龙井绿茶 ×2 等 2 种商品", "Longjing green tea ×2 and 1 more"),
            ([mug, tea, tea], "陶瓷马克杯 ×1 等 3 种商品", "Ceramic mug ×1 and 2 more"),
        ]
        for (items, chinese, english) in summaries {
            order.items = items
            XCTAssertEqual(order.summary(in: .chinese), chinese)
            XCTAssertEqual(order.summary(in: .english), english)
        }
        XCTAssertEqual(tea.name.text(in: .chinese), "龙井绿茶")
        XCTAssertEqual(tea.name.text(in: .english), "Longjing green tea")

        // Issue 31, F7: an order holding its first items only counts those it leaves out.
        order.items = [tea, mug]
        order.itemsLeftOut = 999_998
        XCTAssertEqual(order.itemCount, 1_000_000)
        XCTAssertEqual(order.summary(in: .chinese), "龙井绿茶 ×2 等 1000000 种商品")
        XCTAssertEqual(order.summary(in: .english), "Longjing green tea ×2 and 999999 more")
    }

    /// Issue 31, F7: opening an order of a million items printed a million lines. Its details show the items the
    /// service returned (at most 20) and how many are left out.
    func testDetailsSayHowManyItemsTheyLeaveOut() {
        let tea = OrderItem(
            name: ProductName(chinese: "龙井绿茶", english: "Longjing green tea"), quantity: 2, unitPrice: Yuan(fen: 6800))
        var order = shipped
        order.items = Array(repeating: tea, count: 25)
        let first = order.withFirstItems()
        XCTAssertEqual(first.items.count, OrderQuery.maximumItemsPerOrder)
        XCTAssertEqual(first.itemsLeftOut, 5)
        XCTAssertEqual(first.itemCount, 25)
        XCTAssertEqual(first.withFirstItems(), first, "already within the limit")
        XCTAssertEqual(first.withFirstItems(1).itemsLeftOut, 24)
        XCTAssertEqual(OrderDetails(first, language: .english).items.count, 20)
        XCTAssertEqual(OrderDetails(first, language: .english).moreItems, "…and 5 more items")
        XCTAssertEqual(OrderDetails(first, language: .chinese).moreItems, "……另有 5 种商品未列出")
        XCTAssertEqual(OrderDetails(order.withFirstItems(24), language: .english).moreItems, "…and 1 more item")
        XCTAssertNil(OrderDetails(order, language: .english).moreItems, "every item shown")
        XCTAssertEqual(
            Order(id: order.id, number: "", date: order.date, items: [], amount: .zero, status: .paid, itemsLeftOut: -3)
                .itemsLeftOut, 0)
    }

    func testEachErrorHasASentenceInEachLanguage() {
        var cancelled = shipped
        cancelled.status = .cancelled
        var delivered = shipped
        delivered.status = .delivered
        var paid = shipped
        paid.status = .paid
        let sentences: [(OrderServiceError, String, String)] = [
            (.notFound(Order.ID(7)), "找不到该订单，它可能已被删除。", "The order was not found; it may have been removed."),
            (
                .notCancellable(shipped), "订单 PM202506020090 无法取消：订单已发货。",
                "Order PM202506020090 cannot be cancelled: it has shipped."
            ),
            (
                .notCancellable(delivered), "订单 PM202506020090 无法取消：订单已送达。",
                "Order PM202506020090 cannot be cancelled: it has been delivered."
            ),
            (
                .notCancellable(cancelled), "订单 PM202506020090 无法取消：订单已取消。",
                "Order PM202506020090 cannot be cancelled: it is cancelled already."
            ),
            (
                .notCancellable(paid), "订单 PM202506020090 无法取消：订单状态为“已付款”。",
                "Order PM202506020090 cannot be cancelled: its status is paid."
            ),
            (.serverUnreachable, "无法连接订单服务器，请重试。", "The order server cannot be reached. Try again."),
            (.cancelled, "请求已取消。", "The request was cancelled."),
        ]
        for (error, chinese, english) in sentences {
            XCTAssertEqual(error.description(in: .chinese), chinese)
            XCTAssertEqual(error.description(in: .english), english)
            XCTAssertEqual(error.description, english, "the description is English")
        }
    }

    func testEachStoreProblemHasASentenceInEachLanguage() {
        let problems: [(OrderServiceError.StoreProblem, String, String)] = [
            (
                .locked(waited: .milliseconds(200)), "它被另一个程序锁定（已等待 200 毫秒）",
                "it is locked by another program (waited 200 ms)"
            ),
            (.readOnly, "它是只读的", "it is read-only"),
            (.notADatabase, "它不是数据库，或已损坏", "it is not a database, or it is damaged"),
            (.otherTables, "它包含其他程序的表", "it holds another program's tables"),
            (.otherApplication, "它是另一个应用程序的数据库", "it is another application's database"),
            (
                .newerVersion(3, supported: 2), "它的结构版本 3 比本程序能读取的版本（2）新，文件未被改动",
                "it has schema version 3, newer than this login reads (2); it was left untouched"
            ),
            (.unknownVersion(0), "它的结构版本 0 未知", "its schema version 0 is unknown"),
            (.damagedOrder(Order.ID(17)), "其中的订单 17 无法读取", "its order 17 cannot be read"),
            (.sqlite("disk I/O error"), "SQLite 报告“disk I/O error”", "SQLite says \"disk I/O error\""),
        ]
        for (problem, chinese, english) in problems {
            let error = OrderServiceError.storeUnavailable(file: "profiles.sqlite", problem: problem)
            XCTAssertEqual(error.description(in: .chinese), "无法使用 profiles.sqlite：\(chinese)。")
            XCTAssertEqual(error.description(in: .english), "profiles.sqlite cannot be used: \(english).")
        }
        XCTAssertEqual(
            OrderServiceError.storeUnavailable(file: "p", problem: .locked(waited: .seconds(1.5))).description,
            "p cannot be used: it is locked by another program (waited 1500 ms).")
    }
}
