// A list screen written from outside, as a new user would, with the public API of PureMVVM alone: an orders list
// loaded in pages from an async service, with pull-to-refresh, retry, empty and failed states, rows whose cells
// have child ViewModels with an async cancel, and a debounced search field. The article "Lists and child
// ViewModels" (Sources/PureMVVM/PureMVVM.docc/ListsAndChildViewModels.md) shows this code; ListsArticleTests checks
// that every listing there is text of these files.
import PureMVVM

/// An order, as the service returns it.
struct Order: Equatable, Sendable {
    enum Status: String, Sendable { case pending, shipped, cancelled }

    var id: Int
    var title: String
    var status: Status
}

/// What the orders screen's service fails with, as the screen shows it.
enum OrdersFailure: Error, Equatable, Sendable {
    case offline
    case cancelled
}

/// The orders service: pages of orders after a cursor, and cancelling one.
protocol OrderService: Sendable {
    func orders(from cursor: Int) async throws(OrdersFailure) -> RowPage<Order, Int>
    func cancelOrder(_ id: Int) async throws(OrdersFailure)
}

/// A row of the list: the values its cell shows, made from an order.
struct OrderRow: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var status: Order.Status

    init(_ order: Order) {
        id = order.id
        title = order.title
        status = order.status
    }
}

// MARK: - The screen

struct OrdersOutputs: ViewOutputs {
    var orders = Rows<OrderRow>()
    var phase = ListPhase<OrdersFailure>.loading
    var paging = PagingPhase<OrdersFailure>.more
    var query = ""

    enum Field: Int, OutputField { case orders, phase, paging, query }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .orders: orders != old.orders
        case .phase: phase != old.phase
        case .paging: paging != old.paging
        case .query: query != old.query
        }
    }
}

@MainActor
final class OrdersViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<OrdersOutputs>)?
    var outputs: OrdersOutputs { store.outputs }

    private let store = OutputStore(OrdersOutputs())
    private let service: any OrderService
    private var list = PagedList<OrderRow, Int, OrdersFailure>(firstCursor: 0)
    private let pageLoad = InFlightTask<RowPage<Order, Int>, OrdersFailure>()
    private let search: Debouncer
    private var query = ""
    private let rowViewModels = ChildViewModels<OrderRow, OrderRowViewModel> { child, row in
        child.rowDidChange(row)
    }

    init(service: any OrderService, clock: any Clock<Duration>, searchDelay: Duration = .milliseconds(300)) {
        self.service = service
        search = Debouncer(delay: searchDelay, clock: clock)
    }

    // MARK: Inputs

    func viewDidAppear() { start(list.load()) }
    func refreshDidPull() { start(list.refresh()) }
    func retryButtonDidTap() { start(list.retry()) }
    func moreButtonDidTap() { start(list.loadMore()) }
    func rowDidAppear(at index: Int) { start(list.rowDidAppear(at: index)) }

    func searchTextDidChange(_ text: String) {
        search.schedule { [weak self] in
            self?.query = text
            self?.show()
        }
    }

    /// The child ViewModel of the row at `index`, for its cell: the same one
    /// for the same order.
    func rowViewModel(at index: Int) -> OrderRowViewModel {
        rowViewModels.child(for: outputs.orders[index]) { [service] row in
            OrderRowViewModel(row: row, service: service) { [weak self] id in self?.orderDidCancel(id) }
        }
    }

    // MARK: Work

    private func start(_ request: PageRequest<Int>?) {
        guard let request else { return }
        show()
        // A refresh overtakes a page still loading: starting cancels it.
        pageLoad.start { [service] () async throws(OrdersFailure) -> RowPage<Order, Int> in
            try await service.orders(from: request.cursor)
        } then: { [weak self] result in
            switch result {
            case .success(let page):
                self?.list.receive(RowPage(rows: page.rows.map(OrderRow.init), next: page.next), for: request)
            case .failure(let error):
                self?.list.fail(error, for: request)
            }
            self?.show()
        }
    }

    private func orderDidCancel(_ id: Int) {
        guard var row = list.rows[id: id] else { return }
        row.status = .cancelled
        list.rows.update(row)
        show()
    }

    private func show() {
        store.update(notifying: delegate) { outputs in
            outputs.orders = query.isEmpty ? list.rows : Rows(list.rows.filter { $0.title.contains(query) })
            outputs.phase = list.phase
            outputs.paging = list.paging
            outputs.query = query
        }
        rowViewModels.update(for: list.rows)
    }
}

// MARK: - A row's child ViewModel

struct OrderRowOutputs: ViewOutputs {
    var title = ""
    var status = Order.Status.pending
    var isCancelEnabled = false
    var isCancelling = false

    enum Field: Int, OutputField { case title, status, isCancelEnabled, isCancelling }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .title: title != old.title
        case .status: status != old.status
        case .isCancelEnabled: isCancelEnabled != old.isCancelEnabled
        case .isCancelling: isCancelling != old.isCancelling
        }
    }
}

/// The ViewModel of one order's cell: shows the order and cancels it through the service, then tells the parent
/// through a callback (which holds the parent weakly).
@MainActor
final class OrderRowViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<OrderRowOutputs>)?
    var outputs: OrderRowOutputs { store.outputs }

    private let store: OutputStore<OrderRowOutputs>
    private let id: Int
    private let service: any OrderService
    private let onCancelled: @MainActor (Int) -> Void
    private let cancelRequest = InFlightTask<Void, OrdersFailure>()

    init(row: OrderRow, service: any OrderService, onCancelled: @escaping @MainActor (Int) -> Void) {
        id = row.id
        self.service = service
        self.onCancelled = onCancelled
        store = OutputStore(Self.outputs(for: row, isCancelling: false))
    }

    func cancelButtonDidTap() {
        guard outputs.isCancelEnabled else { return }
        store.update(notifying: delegate) { outputs in
            outputs.isCancelling = true
            outputs.isCancelEnabled = false
        }
        cancelRequest.start { [service, id] () async throws(OrdersFailure) in
            try await service.cancelOrder(id)
        } then: { [weak self] result in
            self?.cancelDidFinish(result)
        }
    }

    private func cancelDidFinish(_ result: Result<Void, OrdersFailure>) {
        if case .failure(.cancelled) = result { return }
        let isCancelled = (try? result.get()) != nil
        store.update(notifying: delegate) { outputs in
            outputs.isCancelling = false
            if isCancelled { outputs.status = .cancelled }
            outputs.isCancelEnabled = outputs.status == .pending
        }
        // the parent's new row then changes nothing here
        if isCancelled { onCancelled(id) }
    }

    func rowDidChange(_ row: OrderRow) {
        store.update(notifying: delegate) { $0 = Self.outputs(for: row, isCancelling: $0.isCancelling) }
    }

    private static func outputs(for row: OrderRow, isCancelling: Bool) -> OrderRowOutputs {
        OrderRowOutputs(
            title: row.title, status: row.status, isCancelEnabled: row.status == .pending && !isCancelling,
            isCancelling: isCancelling)
    }
}
