import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// Outputs the tester cannot read where they lie (here one output is a class instance, which may be held weakly) are
/// read through `Mirror`; their `Rows` are still compared by the tester's own reckoning, not by the rows' `==`.
final class MirroredRowsTests: GuardedTestCase {
    /// A theme shared by reference.
    final class Theme: Sendable {}

    struct ThemedTicketOutputs: ViewOutputs {
        var tickets = Rows<Ticket>.tickets(3)
        var theme = Theme()

        enum Field: Int, OutputField { case tickets, theme }

        func hasChanged(_ field: Field, since old: Self) -> Bool {
            switch field {
            case .tickets: tickets != old.tickets
            case .theme: theme !== old.theme
            }
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.tickets == rhs.tickets && lhs.theme === rhs.theme }
    }

    private let layout = OutputsLayout<ThemedTicketOutputs>.of(ThemedTicketOutputs())

    private func changedFields(to change: (inout ThemedTicketOutputs) -> Void) -> ChangeSet<ThemedTicketOutputs> {
        let old = ThemedTicketOutputs()
        var new = old
        change(&new)
        return layout.changes(from: old, to: new).fields(of: ThemedTicketOutputs.self)
    }

    func testTheseOutputsAreReadThroughMirror() {
        XCTAssertEqual(layout.properties.map(\.name), ["tickets", "theme"])
        XCTAssertEqual(layout.properties.map(\.isRows), [true, false])
        XCTAssertNil(layout.properties[0].rowsAccess, "read through Mirror, so at no known offset")
        // Outputs that lie in place have their rows read as their own type, where they lie.
        let inPlace = OutputsLayout<TicketOutputs<Ticket>>.of(TicketOutputs(tickets: .tickets(3)))
        XCTAssertEqual(
            inPlace.properties[0].rowsAccess?.offset, MemoryLayout<TicketOutputs<Ticket>>.offset(of: \.tickets))
    }

    func testEqualRowsInAnotherBufferAreNoChange() {
        XCTAssertEqual(changedFields { $0.tickets = Rows($0.tickets.map { $0 }) }, [])
    }

    func testARowWithAnotherIDIsAChange() {
        let fields = changedFields { outputs in
            outputs.tickets = [
                Ticket(id: 1, title: "T1", status: "open"), Ticket(id: 2, title: "T2", status: "open"),
                Ticket(id: 9, title: "T3", status: "open"),
            ]
        }
        XCTAssertEqual(fields, [.tickets])
    }

    /// Outputs read through `Mirror` beside a class instance, with two `Equatable` outputs of different types.
    struct ThemedCounterOutputs: ViewOutputs {
        var count = 0
        var title = "Inbox"
        var theme = Theme()

        enum Field: Int, OutputField { case count, title, theme }

        func hasChanged(_ field: Field, since old: Self) -> Bool {
            switch field {
            case .count: count != old.count
            case .title: title != old.title
            case .theme: theme !== old.theme
            }
        }

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.count == rhs.count && lhs.title == rhs.title && lhs.theme === rhs.theme
        }
    }

    func testEachOutputReadThroughMirrorIsComparedWithItsOwnEarlierValue() {
        let layout = OutputsLayout<ThemedCounterOutputs>.of(ThemedCounterOutputs())
        XCTAssertNil(StructLayout(of: ThemedCounterOutputs()), "read through Mirror")
        let old = ThemedCounterOutputs()
        func changedFields(_ change: (inout ThemedCounterOutputs) -> Void) -> ChangeSet<ThemedCounterOutputs> {
            var new = old
            change(&new)
            return layout.changes(from: old, to: new).fields(of: ThemedCounterOutputs.self)
        }
        XCTAssertEqual(changedFields { _ in }, [])
        XCTAssertEqual(changedFields { $0.count = 1 }, [.count])
        XCTAssertEqual(changedFields { $0.title = "Sent" }, [.title])
        XCTAssertEqual(changedFields { $0.title = String("Inbox".reversed().reversed()) }, [], "equal, not the same")
    }

    func testAChangedRowIsAChange() {
        XCTAssertEqual(changedFields { $0.tickets.update(Ticket(id: 2, title: "T2", status: "closed")) }, [.tickets])
    }
}
