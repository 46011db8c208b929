import PureMVVM

/// A list of tickets with a child ViewModel per row, kept in a `ChildViewModels`; it can be made to forget to tell
/// its keeper that a row left, the slip that keeps a removed row's child alive.
@MainActor
final class TicketFolderViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<TicketOutputs<Ticket>>)?
    var outputs: TicketOutputs<Ticket> { store.outputs }
    private let store = OutputStore(TicketOutputs<Ticket>(tickets: .tickets(3), openCount: 3))
    private let children = ChildViewModels<Ticket, TicketViewModel>()
    /// The planted slip: a ticket that leaves is removed from the rows, and its child stays in the keeper.
    var forgetsToUpdateItsChildren = false

    func child(at index: Int) -> TicketViewModel {
        children.child(for: outputs.tickets[index]) { TicketViewModel(ticket: $0) }
    }

    func ticketDidLeave(_ id: Int) {
        store.update(notifying: delegate) { outputs in
            outputs.tickets.remove(id: id)
            outputs.openCount = outputs.tickets.count
        }
        if !forgetsToUpdateItsChildren { children.update(for: outputs.tickets) }
    }
}

/// A child whose closure holds its parent's keeper strongly: the keeper outlives the parent.
@MainActor
final class KeeperClingingViewModel {
    let children = ChildViewModels<Ticket, ClingingTicketViewModel>()

    func keep(_ ticket: Ticket) {
        children.child(for: ticket) { ClingingTicketViewModel(ticket: $0) }.cling(to: children)
    }
}

@MainActor
final class ClingingTicketViewModel {
    let ticket: Ticket
    private var keeper: AnyObject?

    init(ticket: Ticket) { self.ticket = ticket }

    func cling(to keeper: AnyObject) { self.keeper = keeper }
}

/// A badge the outputs show: an object, compared by identity.
final class Badge: Identifiable, Equatable, Sendable {
    let id: Int

    init(id: Int) { self.id = id }

    static func == (lhs: Badge, rhs: Badge) -> Bool { lhs === rhs }
}

struct BadgeOutputs: ViewOutputs {
    var pinned: [Badge] = []
    var badges = Rows<Badge>()

    enum Field: Int, OutputField { case pinned, badges }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .pinned: pinned != old.pinned
        case .badges: badges != old.badges
        }
    }
}

/// Shows badges in its outputs, in an array and in rows.
@MainActor
final class BadgesViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<BadgeOutputs>)?
    var outputs: BadgeOutputs { store.outputs }
    private let store = OutputStore(BadgeOutputs())

    func badgesDidArrive(pinned: [Badge], rows: [Badge]) {
        store.update(notifying: delegate) { outputs in
            outputs.pinned = pinned
            outputs.badges = Rows(rows)
        }
    }
}
