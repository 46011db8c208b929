import LoginFeature
import TestSupport
import XCTest

/// The orders' plain values: money in fen, dates to the minute, statuses and what a search looks in.
final class OrderValueTests: GuardedTestCase {
    func testYuanReadsWholeYuanWithUpToTwoDecimals() {
        let valid: [(String, Int)] = [
            ("0", 0), ("7", 700), ("128", 12_800), ("128.5", 12_850), ("128.50", 12_850), ("0.05", 5),
            ("000123.4", 12_340),
            ("999999999999999.99", 99_999_999_999_999_999),
        ]
        for (text, fen) in valid {
            XCTAssertEqual(Yuan(text)?.fen, fen, text)
        }
        let invalid = [
            "", ".", "1.", ".5", "1.234", "-1", "+1", " 1", "1 ", "1,5", "１２", "1e3", "1.2.3", "٣", "1000000000000000",
            "12a", "0x10",
        ]
        for text in invalid {
            XCTAssertNil(Yuan(text), text.debugDescription)
        }
    }

    func testYuanShowsTwoDecimalsAndItsUnitInEachLanguage() {
        let shown: [(Int, String)] = [
            (0, "0.00"), (5, "0.05"), (109, "1.09"), (110, "1.10"), (50, "0.50"), (12_850, "128.50"), (-300, "-3.00"),
            (-5, "-0.05"),
            (Int.min, "-92233720368547758.08"),
        ]
        for (fen, text) in shown {
            XCTAssertEqual(Yuan(fen: fen).description, text)
        }
        XCTAssertEqual(Yuan(fen: 12_850).text(in: .chinese), "128.50元")
        XCTAssertEqual(Yuan(fen: 12_850).text(in: .english), "128.50 yuan")
        XCTAssertLessThan(Yuan(fen: 99), Yuan(fen: 100))
        XCTAssertEqual(Yuan.zero, Yuan(fen: 0))
    }

    func testOrderDatesAreCheckedPartByPart() {
        XCTAssertNotNil(OrderDate(year: 2024, month: 2, day: 29, hour: 0, minute: 0), "2024 is a leap year")
        XCTAssertNotNil(OrderDate(year: 2000, month: 2, day: 29, hour: 23, minute: 59), "so is 2000")
        XCTAssertNil(OrderDate(year: 2025, month: 2, day: 29, hour: 0, minute: 0))
        XCTAssertNil(OrderDate(year: 1900, month: 2, day: 29, hour: 0, minute: 0), "1900 is not")
        XCTAssertNotNil(OrderDate(year: 2025, month: 12, day: 31, hour: 0, minute: 0))
        for (year, month, day, hour, minute) in [
            (2025, 4, 31, 0, 0), (2025, 0, 1, 0, 0), (2025, 13, 1, 0, 0), (2025, 1, 0, 0, 0), (2025, 1, 1, 24, 0),
            (2025, 1, 1, -1, 0), (2025, 1, 1, 0, 60), (0, 1, 1, 0, 0), (10_000, 1, 1, 0, 0), (2025, 1, 32, 0, 0),
        ] {
            XCTAssertNil(
                OrderDate(year: year, month: month, day: day, hour: hour, minute: minute),
                "\(year)-\(month)-\(day) \(hour):\(minute)")
        }
    }

    func testOrderDatesReadAndWriteOneTextForm() throws {
        let date = try XCTUnwrap(OrderDate("2025-06-18 04:05"))
        XCTAssertEqual([date.year, date.month, date.day, date.hour, date.minute], [2025, 6, 18, 4, 5])
        XCTAssertEqual(date.description, "2025-06-18 04:05")
        XCTAssertEqual(OrderDate(year: 7, month: 1, day: 2, hour: 3, minute: 4)?.description, "0007-01-02 03:04")
        for text in [
            "2025-6-18 14:05", "2025-06-18T14:05", "2025-06-18 14:05 ", "2025-06-18 14:5", "２０２５-06-18 14:05",
            "2025/06/18 14:05", "2025-02-30 10:00", "2025-06-18 14:05:00", "", "2025-06-18 1a:05",
        ] {
            XCTAssertNil(OrderDate(text), text.debugDescription)
        }
    }

    func testOrderDatesSortInTime() throws {
        let texts = [
            "2024-12-31 23:59", "2025-01-01 00:00", "2025-01-01 00:01", "2025-01-01 01:00", "2025-01-02 00:00",
            "2025-02-01 00:00", "2026-01-01 00:00",
        ]
        let dates = try texts.map { try XCTUnwrap(OrderDate($0)) }
        XCTAssertEqual(dates.shuffled().sorted(), dates)
        XCTAssertEqual(dates.map(\.description).sorted(), texts, "the text form sorts as the dates do")
    }

    func testOnlyOrdersNotShippedYetCanBeCancelled() {
        XCTAssertEqual(OrderStatus.allCases.filter(\.isCancellable), [.pendingPayment, .paid])
        XCTAssertEqual(
            OrderStatus.allCases.map(\.rawValue), ["pending_payment", "paid", "shipped", "delivered", "cancelled"],
            "the database's codes")
        XCTAssertTrue(order(status: .paid).isCancellable)
        XCTAssertFalse(order(status: .shipped).isCancellable)
    }

    func testASearchLooksInTheNumberAndBothLanguagesOfEveryItem() {
        XCTAssertEqual(
            order(status: .paid).searchableText,
            "pm202506180095\n龙井绿茶\nlongjing green tea\n100% 纯棉毛巾\n100% cotton towel")
    }

    func testACursorPrecedesTheOrdersListedAfterIt() throws {
        let date = try XCTUnwrap(OrderDate("2025-06-18 12:00"))
        let cursor = OrderCursor(date: date, id: Order.ID(50))
        var listed = order(status: .paid)
        listed.date = date
        listed.id = Order.ID(49)
        XCTAssertTrue(cursor.precedes(listed), "as old, smaller ID: after the cursor")
        listed.id = Order.ID(50)
        XCTAssertFalse(cursor.precedes(listed), "the cursor's own order")
        listed.id = Order.ID(51)
        XCTAssertFalse(cursor.precedes(listed))
        listed.date = try XCTUnwrap(OrderDate("2025-06-18 11:59"))
        XCTAssertTrue(cursor.precedes(listed), "older, whatever the ID")
        XCTAssertEqual(OrderCursor(after: listed), OrderCursor(date: listed.date, id: listed.id))
    }

    func testAnOrderIDIsItsNumber() {
        XCTAssertEqual(Order.ID(7), Order.ID(rawValue: 7))
        XCTAssertEqual(Order.ID(7).description, "7")
        XCTAssertLessThan(Order.ID(7), Order.ID(8))
    }

    private func order(status: OrderStatus) -> Order {
        Order(
            id: Order.ID(95), number: "PM202506180095",
            date: OrderDate(year: 2025, month: 6, day: 18, hour: 20, minute: 41)!,
            items: [
                OrderItem(
                    name: ProductName(chinese: "龙井绿茶", english: "Longjing green tea"), quantity: 2,
                    unitPrice: Yuan(fen: 6800)),
                OrderItem(
                    name: ProductName(chinese: "100% 纯棉毛巾", english: "100% Cotton towel"), quantity: 1,
                    unitPrice: Yuan(fen: 2990)),
            ],
            amount: Yuan(fen: 16_590), status: status)
    }
}
