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

    /// Stars or unstars one ticket: one row changes.
    func starButtonDidTap(id: Int) {
        store.update(notifying: delegate) { outputs in
            guard var ticket = outputs.tickets[id: id] else { return }
            ticket.isStarred.toggle()
            outputs.tickets.update(ticket)
        }
    }
}
