import ConsoleView
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// The orders screen's console view, with an order service the test answers by hand: it prints only the rows each
/// reload names (a page appended, one order updated, rows removed, a row moved), reads no command while a page
/// loads or an order is being cancelled, and sanitises what it prints.
@MainActor
final class OrdersConsoleViewTests: GuardedTestCase {
    /// An order service whose calls wait until the test answers them.
    private final class FakeOrders: OrderService {
        let listings = PendingCalls<OrderQuery, OrderPage, OrderServiceError>(
            whenCancelled: .cancelled, label: "order listings")
        let cancels = PendingCalls<Order.ID, Order, OrderServiceError>(
            whenCancelled: .cancelled, label: "order cancels")

        func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
            try await listings.wait(for: query)
        }

        func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
            throw .notFound(id)
        }

        func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
            try await cancels.wait(for: id)
        }

        func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
            -> Order
        {
            throw .notFound(id)
        }
    }

    private let service = FakeOrders()
    private let demo = DemoOrders.orders()

    private func makeView(_ terminal: ScriptedTerminal, language: Language = .english) -> OrdersConsoleView {
        let viewModel = OrdersViewModel(
            user: User(name: "dimsky"), service: service, language: language, clock: RecordingClock(),
            searchDelay: .zero)
        return OrdersConsoleView(
            viewModel: viewModel, title: "My orders", output: terminal, style: .plain, language: language)
    }

    /// The page a query selects from these orders.
    private func page(_ query: OrderQuery, of orders: [Order]? = nil) -> OrderPage {
        query.page(of: orders ?? demo)
    }

    /// What the screen printed after each line typed: the text between one read and the next.
    private func printed(_ terminal: ScriptedTerminal) -> [String] {
        var texts = [""]
        for event in terminal.events {
            switch event {
            case .output(let text): texts[texts.count - 1] += text
            case .read: texts.append("")
            }
        }
        return texts
    }

    /// The row lines of a text: `  N. PM…`.
    private func rowLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.wholeMatch(of: #/  [0-9]+\. PM.*/#) != nil }
    }

    func testNoCommandIsReadWhileTheFirstPageLoads() async throws {
        let terminal = ScriptedTerminal(typing: [.line("back")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        let query = try await service.listings.next()
        XCTAssertEqual(terminal.events, [.output("\nMy orders\nLoading your orders…\n")], "no prompt yet")
        service.listings.respond(with: page(query))
        let end = try await run.value(awaiting: "the orders screen to end")
        XCTAssertEqual(end, .back)
        let shown = printed(terminal)[0]
        XCTAssertEqual(rowLines(shown).count, 20)
        XCTAssertTrue(
            shown.hasPrefix("\nMy orders\nLoading your orders…\n  1. PM202506180095  Pending payment  1422.00 yuan  "),
            shown)
        XCTAssertTrue(
            shown.hasSuffix(
                "Type more for the next orders.\n" + OrdersConsoleWords(language: .english).hint
                    + "\nOrders: "), shown)
    }

    func testANextPagePrintsItsTwentyRowsAndNothingElseOfTheList() async throws {
        let terminal = ScriptedTerminal(typing: [.line("more"), .line("quit")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        service.listings.respond(with: page(try await service.listings.next()))
        let next = try await service.listings.next()
        XCTAssertEqual(next.cursor, OrderCursor(after: demo[19]))
        service.listings.respond(with: page(next))
        let end = try await run.value(awaiting: "the orders screen to end")
        XCTAssertEqual(end, .quit)
        let afterMore = printed(terminal)[1]
        XCTAssertEqual(rowLines(afterMore).map { $0.prefix(20) }, (21...40).map { "  \($0). \(demo[$0 - 1].number)" })
        XCTAssertEqual(
            afterMore,
            "Loading more orders…\n" + rowLines(afterMore).joined(separator: "\n")
                + "\nType more for the next orders.\nOrders: ")
    }

    func testACancelPrintsItsOutcomeAndTheOneRowItChanged() async throws {
        let terminal = ScriptedTerminal(typing: [.line("cancel 2"), .line("cancel 5"), .line("back")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        service.listings.respond(with: page(try await service.listings.next()))
        let cancelled = try await service.cancels.next()
        XCTAssertEqual(cancelled, demo[1].id)
        XCTAssertTrue(
            terminal.output.hasSuffix("Orders: Cancelling order PM202506150094…\n"), "no prompt while cancelling")
        var answer = demo[1]
        answer.status = .cancelled
        service.cancels.respond(with: answer)
        // The server says order 5 shipped since the list was loaded: the row shows it as it is now.
        let refused = try await service.cancels.next()
        XCTAssertEqual(refused, demo[4].id)
        var shipped = demo[4]
        shipped.status = .shipped
        service.cancels.fail(with: .notCancellable(shipped))
        _ = try await run.value(awaiting: "the orders screen to end")
        let texts = printed(terminal)
        XCTAssertEqual(
            texts[1],
            """
            Cancelling order PM202506150094…
            Order PM202506150094 is cancelled.
              2. PM202506150094  Cancelled  431.00 yuan  Canvas tote bag ×2 and 2 more
            Orders: 
            """)
        XCTAssertEqual(
            texts[2],
            """
            Cancelling order PM202506060091…
            ! Order PM202506060091 cannot be cancelled: it has shipped.
              5. PM202506060091  Shipped  256.00 yuan  Yunnan pu'er tea cake ×2
            Orders: 
            """)
    }

    func testARefreshPrintsOnlyTheRowsItChangedRemovedAndMoved() async throws {
        let terminal = ScriptedTerminal(typing: [.line("refresh"), .line("refresh"), .line("back")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        service.listings.respond(with: page(try await service.listings.next()))
        // Order 93 (row 3) is gone, 86 (row 10) moved to the top with a new date, 91 (row 5) shipped.
        var changed = demo.filter { $0.id != Order.ID(93) }
        if let moved = changed.firstIndex(where: { $0.id == Order.ID(86) }) {
            changed[moved].date = OrderDate(year: 2025, month: 6, day: 19, hour: 9, minute: 0)!
        }
        if let shipped = changed.firstIndex(where: { $0.id == Order.ID(91) }) { changed[shipped].status = .shipped }
        service.listings.respond(with: page(try await service.listings.next(), of: changed))
        // The same again: nothing changed.
        service.listings.respond(with: page(try await service.listings.next(), of: changed))
        _ = try await run.value(awaiting: "the orders screen to end")
        let texts = printed(terminal)
        XCTAssertEqual(
            texts[1],
            """
            Refreshing your orders…
              Row 3 removed.
              1. PM202505220086  Shipped  88.00 yuan  Vacuum flask ×1 (was 10)
              5. PM202506060091  Shipped  256.00 yuan  Yunnan pu'er tea cake ×2
              20. PM202504290075  Delivered  719.00 yuan  Longjing green tea ×3 and 2 more
            Type more for the next orders.
            Orders: 
            """)
        XCTAssertEqual(texts[2], "Refreshing your orders…\nThe orders are up to date.\nOrders: ")
    }

    func testWhatTheScreenPrintsIsSanitised() async throws {
        let terminal = ScriptedTerminal(typing: [.line("1"), .line("search \u{1B}]0;x\u{07}"), .line("back")])
        let view = makeView(terminal, language: .chinese)
        let run = Task { await view.run(reading: terminal) }
        var order = demo[0]
        order.number = "PM\u{1B}[2J1"
        order.items[0].name = ProductName(chinese: "茶\u{202E}叶", english: "tea")
        _ = try await service.listings.next()
        service.listings.respond(with: OrderPage(orders: [order], nextCursor: nil))
        let search = try await service.listings.next()
        XCTAssertEqual(search.search, "\u{1B}]0;x\u{07}", "the service gets the text as typed")
        service.listings.respond(with: OrderPage(orders: [], nextCursor: nil))
        _ = try await run.value(awaiting: "the orders screen to end")
        XCTAssertFalse(terminal.output.contains("\u{1B}"), terminal.output)
        XCTAssertFalse(terminal.output.contains("\u{202E}"), terminal.output)
        XCTAssertTrue(terminal.output.contains("  1. PM^[[2J1  待付款"), terminal.output)
        XCTAssertTrue(terminal.output.contains("订单 PM^[[2J1\n"), terminal.output)
        XCTAssertTrue(terminal.output.contains("没有包含“^[]0;x^G”的订单。"), terminal.output)
    }

    /// A source that never suspends keeps the main actor busy, so no timeout can fire in it: the view checks for
    /// cancellation before each command, and a cancelled run ends at once.
    func testACancelledRunEndsBeforeTheNextCommandThoughItsSourceNeverSuspends() async throws {
        let view = makeView(ScriptedTerminal(typing: []))
        let source = EndlessLines(.line(""))
        let answer = Task {
            let query = try await service.listings.next()
            service.listings.respond(with: page(query))
        }
        let end = try await source.endOfCancelledRun { await view.run(reading: source) }
        try await answer.value(awaiting: "the first page to be answered")
        XCTAssertEqual(end, .endOfInput)
    }

    func testACancelsFailureIsPrintedSanitised() async throws {
        let terminal = ScriptedTerminal(typing: [.line("cancel 1"), .line("back")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        var order = demo[0]
        order.number = "PM\u{1B}[2J1"
        _ = try await service.listings.next()
        service.listings.respond(with: OrderPage(orders: [order], nextCursor: nil))
        _ = try await service.cancels.next()
        order.status = .shipped
        service.cancels.fail(with: .notCancellable(order))  // its sentence names the order's number
        _ = try await run.value(awaiting: "the orders screen to end")
        XCTAssertFalse(terminal.output.contains("\u{1B}"), terminal.output)
        XCTAssertTrue(terminal.output.contains("! Order PM^[[2J1 cannot be cancelled"), terminal.output)
    }

    /// Issue 31, F7: an order's details printed every item it had (a million lines for a million). They print the
    /// items the service returned, at most 20, and how many are left out.
    func testAnOrdersDetailsSayHowManyItemsAreLeftOut() async throws {
        let terminal = ScriptedTerminal(typing: [.line("1"), .line("quit")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        var large = demo[0]
        large.items = Array(repeating: large.items[0], count: 1_000)
        service.listings.respond(with: page(try await service.listings.next(), of: [large]))
        let end = try await run.value(awaiting: "the orders screen to end")
        XCTAssertEqual(end, .quit)
        let details = printed(terminal)[1].split(separator: "\n").map(String.init)
        XCTAssertEqual(details.filter { $0.hasPrefix("  Running shoes ×") }.count, 20, details.joined(separator: "\n"))
        XCTAssertTrue(details.contains("  …and 980 more items"), details.joined(separator: "\n"))
        XCTAssertEqual(details.last, "Orders: ")
    }

    func testMoreAfterTheLastOrderSaysThereAreNoMore() async throws {
        let terminal = ScriptedTerminal(typing: [.line("more"), .line("back")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        let query = try await service.listings.next()
        service.listings.respond(with: page(query, of: Array(demo.prefix(3))))  // one page: the end
        let end = try await run.value(awaiting: "the orders screen to end")
        XCTAssertEqual(end, .back)
        XCTAssertTrue(printed(terminal)[1].hasPrefix(OrdersConsoleWords(language: .english).noMoreOrders + "\n"))
        XCTAssertEqual(service.listings.requests.count, 1, "no page asked past the end")
    }

    func testNoTerminalEndsTheRunSayingWhy() async throws {
        let terminal = ScriptedTerminal(typing: [])
        let view = makeView(terminal)
        let source = EndlessLines(.rejected(.noTerminal))
        let run = Task { await view.run(reading: source) }
        service.listings.respond(with: page(try await service.listings.next()))
        let end = try await run.value(awaiting: "the orders screen to end", timeout: .seconds(1))
        XCTAssertEqual(end, .endOfInput)
        XCTAssertEqual(source.reads, 1, "it ended at the refusal, not when its source cancelled it")
        XCTAssertTrue(terminal.output.hasSuffix("! \(LineRejection.noTerminal)\n"), terminal.output)
    }

    func testLeavingTheScreenFreesItsViewModelsAndEndsTheirWork() async throws {
        let terminal = ScriptedTerminal(typing: [.line("cancel 1")])
        weak var weakView: OrdersConsoleView?
        do {
            let view = makeView(terminal)
            weakView = view
            let run = Task { await view.run(reading: terminal) }
            service.listings.respond(with: page(try await service.listings.next()))
            _ = try await service.cancels.next()
            run.cancel()  // the session ends while the cancel waits: nothing may outlive the screen
            let end = try await run.value(awaiting: "the orders screen to end")
            XCTAssertEqual(end, .endOfInput)
        }
        XCTAssertNil(weakView)
        XCTAssertEqual(service.cancels.pendingCount, 0, "the row's cancel ended with its ViewModel")
        XCTAssertEqual(service.cancels.history.map(\.outcome.isCancelled), [true])
    }

    func testRowNumbersAreShownAsRuns() async {
        XCTAssertEqual(OrdersConsoleView.ranges([3]), "3")
        XCTAssertEqual(OrdersConsoleView.ranges([3, 4, 5, 9, 11, 12]), "3-5, 9, 11-12")
        XCTAssertEqual(OrdersConsoleView.ranges([]), "")
    }

    func testCommands() async {
        let commands: [(String, OrdersCommand)] = [
            ("", .nothing), ("  ", .nothing), ("3", .open(3)), (" 12 ", .open(12)), ("cancel 4", .cancel(4)),
            ("CANCEL  4", .cancel(4)), ("cancel", .cancelWithoutNumber), ("cancel x", .cancelWithoutNumber),
            ("cancel -1", .cancelWithoutNumber), ("more", .more), ("Refresh", .refresh), ("retry", .retry),
            ("search Tea Cake", .search("Tea Cake")), ("search", .search("")), ("back", .back), ("quit", .quit),
            (":q", .quit), ("help", .help), (":help", .help), ("?", .help), ("more please", .unknown("more please")),
            ("３", .unknown("３")), ("1234567890", .unknown("1234567890")), ("orders", .unknown("orders")),
        ]
        for (line, command) in commands {
            XCTAssertEqual(OrdersCommand.parse(line), command, line)
        }
    }
}

extension PendingCalls.Outcome {
    /// Whether the caller's task was cancelled.
    fileprivate var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
