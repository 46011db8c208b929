internal import PureMVVM
internal import PureMVVMTesting

/// A list screen as TCA's Todos is one: rows with a title and a flag, and an output beside them that changes no row
/// (edit mode). Its events are what a list screen's tests send: one that leaves every row as it was, and one that
/// changes one row.
struct TicketListOutputs: ViewOutputs {
    /// One row.
    struct Ticket: Identifiable, Equatable, Sendable {
        var id: Int
        var title: String
        var isStarred: Bool
    }

    var tickets: Rows<Ticket>
    var isEditing = false

    enum Field: Int, OutputField { case tickets, isEditing }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .tickets: tickets != old.tickets
        case .isEditing: isEditing != old.isEditing
        }
    }

    /// Moves the last ticket to the front, or the first to the end; nothing with fewer than two.
    ///
    /// - Parameters:
    ///   - tickets: The tickets.
    ///   - toFront: Whether the last ticket goes to the front; otherwise the first goes to the end.
    static func move(_ tickets: inout Rows<Ticket>, toFront: Bool) {
        guard tickets.count > 1 else { return }
        if toFront {
            tickets.insert(tickets.remove(at: tickets.count - 1), at: 0)
        } else {
            tickets.append(tickets.remove(at: 0))
        }
    }

    /// `count` tickets, none starred, each with a title too long to be kept inside its `String` value.
    static func tickets(_ count: Int) -> Rows<Ticket> {
        Rows((0..<count).map { Ticket(id: $0, title: "Ticket \($0) of the support queue", isStarred: false) })
    }
}

/// The list screen's ViewModel, on the toolkit.
@MainActor
final class TicketListViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<TicketListOutputs>)?
    var outputs: TicketListOutputs { store.outputs }
    private let store: OutputStore<TicketListOutputs>

    init(rows: Int) {
        store = OutputStore(TicketListOutputs(tickets: TicketListOutputs.tickets(rows)))
    }

    /// Turns edit mode on or off: no row changes.
    func editButtonDidTap() {
        store.update(notifying: delegate) { $0.isEditing.toggle() }
    }

    /// Moves the last ticket to the front, or the first to the end: one row moves.
    ///
    /// - Parameter toFront: Whether the last ticket goes to the front; otherwise the first goes to the end.
    func moveButtonDidTap(toFront: Bool) {
        store.update(notifying: delegate) { outputs in
            TicketListOutputs.move(&outputs.tickets, toFront: toFront)
        }
    }

    /// Stars or unstars one ticket: one row changes.
    func starButtonDidTap(id: Int) {
        store.update(notifying: delegate) { outputs in
            guard var ticket = outputs.tickets[id: id] else { return }
            ticket.isStarred.toggle()
            outputs.tickets.update(ticket)
        }
    }
}
