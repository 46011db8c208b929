import PureMVVM
import PureMVVMTesting

/// A row with an ID, a title and a status; the tests plant slips in its `==`.
protocol TicketRow: Identifiable, Equatable, Sendable where ID == Int {
    init(id: Int, title: String, status: String)
    var title: String { get }
    var status: String { get set }
}

/// A ticket whose `==` Swift synthesises.
struct Ticket: TicketRow {
    var id: Int
    var title: String
    var status: String
}

/// A ticket whose `==` ignores the status: a closed ticket equals the open one.
struct StatusBlindTicket: TicketRow {
    var id: Int
    var title: String
    var status: String

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.title == rhs.title }
}

/// A ticket whose `==` says a closed ticket differs even from itself.
struct TouchyTicket: TicketRow {
    var id: Int
    var title: String
    var status: String

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.status == rhs.status && lhs.status != "closed"
    }
}

/// A ticket with a property that is not `Equatable`: the tester cannot take it apart, and compares it with its
/// own `==`.
struct TaggedTicket: TicketRow {
    /// Not `Equatable`.
    final class Tag: Sendable {}

    var id: Int
    var title: String
    var status: String
    var tag = Tag()

    init(id: Int, title: String, status: String) {
        self.id = id
        self.title = title
        self.status = status
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.status == rhs.status
    }
}

/// A ticket the tester cannot take apart (its tag is not `Equatable`) whose `==` says a closed ticket differs even
/// from itself.
struct TouchyTaggedTicket: TicketRow {
    var id: Int
    var title: String
    var status: String
    var tag = TaggedTicket.Tag()

    init(id: Int, title: String, status: String) {
        self.id = id
        self.title = title
        self.status = status
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.status == rhs.status && lhs.status != "closed"
    }
}

/// A ticket with an owner, a class instance: the tester reads such rows through `Mirror`, not where they lie, and
/// still compares them property by property.
struct OwnedTicket: TicketRow {
    /// Equal to every other owner: a new instance is no change.
    final class Owner: Equatable, Sendable {
        static func == (lhs: Owner, rhs: Owner) -> Bool { true }
    }

    var id: Int
    var title: String
    var status: String
    var owner = Owner()

    init(id: Int, title: String, status: String) {
        self.id = id
        self.title = title
        self.status = status
    }
}

struct TicketOutputs<Row: TicketRow>: ViewOutputs {
    var tickets = Rows<Row>()
    var openCount = 0

    enum Field: Int, OutputField { case tickets, openCount }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .tickets: tickets != old.tickets
        case .openCount: openCount != old.openCount
        }
    }
}

extension Rows where Row: TicketRow {
    /// `count` open tickets, numbered from 1.
    static func tickets(_ count: Int) -> Self {
        Rows((1...count).map { Row(id: $0, title: "T\($0)", status: "open") })
    }
}

/// A list of tickets on the toolkit: every change in one `OutputStore.update`.
@MainActor
final class TicketsViewModel<Row: TicketRow>: ViewModel {
    weak var delegate: (any ReloadDelegate<TicketOutputs<Row>>)?
    var outputs: TicketOutputs<Row> { store.outputs }
    private let store: OutputStore<TicketOutputs<Row>>

    init(count: Int = 3) {
        store = OutputStore(TicketOutputs(tickets: .tickets(count), openCount: count))
    }

    /// Closes a ticket, and a new one arrives at the end, in one update.
    func ticketDidClose(_ id: Int, arriving new: Int? = nil) {
        store.update(notifying: delegate) { outputs in
            Self.close(id, arriving: new, in: &outputs.tickets)
            outputs.openCount = outputs.tickets.count { $0.status == "open" }
        }
    }

    /// Closes a ticket, and a new one arrives at the end, set as the new rows with `OutputStore.set`.
    func ticketDidCloseSettingTheRows(_ id: Int, arriving new: Int) {
        var tickets = store.outputs.tickets
        Self.close(id, arriving: new, in: &tickets)
        store.set(\.tickets, to: tickets, field: .tickets, notifying: delegate)
    }

    /// Closes the ticket with ID `id` and, when `new` is given, appends an open ticket with that ID; changes
    /// nothing when no ticket has ID `id`.
    private static func close(_ id: Int, arriving new: Int?, in tickets: inout Rows<Row>) {
        guard var ticket = tickets[id: id] else { return }
        ticket.status = "closed"
        tickets.update(ticket)
        if let new { tickets.append(Row(id: new, title: "T\(new)", status: "open")) }
    }

    /// Gives every ticket a long title, one too long to be kept inside the `String` value.
    func titlesDidLengthen() {
        store.update(notifying: delegate) { outputs in
            outputs.tickets = Rows(
                outputs.tickets.map { Row(id: $0.id, title: "Ticket number \($0.id) of the queue", status: $0.status) })
        }
    }

    /// Loads the same tickets again, each title in a new string buffer of the same text: other bytes, no change.
    func titlesDidReloadAsCopies() {
        store.update(notifying: delegate) { outputs in
            outputs.tickets = Rows(
                outputs.tickets.map {
                    Row(id: $0.id, title: String(decoding: Array($0.title.utf8), as: UTF8.self), status: $0.status)
                })
        }
    }

    /// Loads the same tickets again, into new storage.
    func refreshDidPull() {
        store.update(notifying: delegate) { outputs in outputs.tickets = Rows(Array(outputs.tickets)) }
    }
}

/// Keeps its outputs itself and reloads by hand: with a full reload, or with row changes worked out from the
/// wrong earlier outputs.
@MainActor
final class HandMadeTicketsViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<TicketOutputs<Ticket>>)?
    private(set) var outputs = TicketOutputs<Ticket>(tickets: .tickets(3), openCount: 3)
    private var first: TicketOutputs<Ticket>

    init() { first = outputs }

    func ticketDidArrive(_ id: Int) {
        let before = outputs
        outputs.tickets.insert(Ticket(id: id, title: "T\(id)", status: "open"), at: 0)
        outputs.openCount += 1
        delegate?.reloadViews([.tickets, .openCount], from: ReadOnlyOutputs(outputs, since: before))
    }

    /// Redraws the whole list: always right.
    func ticketDidArriveRedrawingAll(_ id: Int) {
        outputs.tickets.insert(Ticket(id: id, title: "T\(id)", status: "open"), at: 0)
        outputs.openCount += 1
        delegate?.reloadViews([.tickets, .openCount], from: ReadOnlyOutputs(outputs))
    }

    /// The planted bug: two rows trade places, and the reload says no row changed.
    func ticketsDidSwapSayingNothing() {
        let first = outputs.tickets.remove(at: 0)
        outputs.tickets.insert(first, at: 1)
        delegate?.reloadViews([.tickets], from: ReadOnlyOutputs(outputs, since: outputs))
    }

    /// The planted bugs: two rows trade places and the reload says no row changed, then a second reload redraws
    /// the list, for the same input.
    func ticketsDidSwapSayingNothingThenRedraw() {
        ticketsDidSwapSayingNothing()
        delegate?.reloadViews([.tickets], from: ReadOnlyOutputs(outputs))
    }

    /// The planted bug: the row changes are worked out from the first outputs, not the ones the view shows.
    func ticketDidArriveComparedWithTheFirstOutputs(_ id: Int) {
        outputs.tickets.insert(Ticket(id: id, title: "T\(id)", status: "open"), at: 0)
        outputs.openCount += 1
        delegate?.reloadViews([.tickets, .openCount], from: ReadOnlyOutputs(outputs, since: first))
    }
}
