public import PureMVVM

/// The "我的订单 / My orders" screen (seed 000's "Mine" page leads to it), delegate-only: a user's orders, 20 at a
/// time, from an ``OrderService``, with pull-to-refresh, retry after a failure, the empty state, a debounced
/// search, and a child ViewModel per row (``OrderRowViewModel``) whose cancel runs through the service.
///
/// ```swift
/// let orders = OrdersViewModel(
///     user: user, service: service, language: .english, clock: ContinuousClock())
/// orders.delegate = ordersView
/// orders.viewDidAppear()                 // loading → the first 20 orders (or empty, or failed)
/// orders.moreButtonDidTap()              // the next 20, added below
/// orders.searchTextDidChange("tea")      // after 300 ms without typing: the orders with tea
/// orders.rowViewModel(at: 0).cancelButtonDidTap()
/// orders.orderDidSelect(at: 0)           // delegate: moveToOrderDetails(_:) with the details' ViewModel
/// ```
///
/// The list's state is the toolkit's `PagedList`: at most one page request at a time, a refresh that keeps the
/// rows shown until the first page arrives, a failed page retried without losing rows. Its rows are one output,
/// so a reload tells the view which rows were deleted, inserted, moved and updated. A new search is a new list:
/// the rows of the old search go, and the first page of the new one loads.
///
/// Selecting an order hands its details screen's ViewModel (``OrderDetailsViewModel``) to the view in a navigation
/// call. The two screens share the orders' delivery notes (``deliveryNotes``, a `SharedState`): the details screen
/// saves a note into it, and this screen shows it in the order's row as it hears it change. The details screen tells
/// this one when it closes through a callback that holds it weakly; once it closes another can open.
@MainActor
public final class OrdersViewModel: ViewModel {
    /// The orders view; held weakly.
    public weak var delegate: (any OrdersViewModelDelegate)?

    /// Everything the orders screen shows right now.
    public var outputs: OrdersOutputs { store.outputs }

    /// The signed-in user, whose orders are shown.
    public let user: User

    /// The delivery notes saved in this session, by order, which this screen and the order's details screen share:
    /// the details screen saves a note here, and this screen shows it in the order's row.
    public let deliveryNotes: SharedState<[Order.ID: String]>

    private let store: OutputStore<OrdersOutputs>
    private let service: any OrderService
    private let language: Language
    private let text: OrderText
    /// The rows and where loading them stands; its cursor is the query of the page to load, search included.
    private var list: PagedList<OrderRow, OrderQuery, OrderServiceError>
    /// The orders behind the rows, for their details.
    private var orders: [Order.ID: Order] = [:]
    /// The page request in flight: a refresh or a search overtakes it, and freeing the screen cancels it.
    private let pageLoad = InFlightTask<OrderPage, OrderServiceError>()
    private var search = ""
    private let searchDebounce: Debouncer
    private let rowViewModels = ChildViewModels<OrderRow, OrderRowViewModel> { child, row in
        child.rowDidChange(row)
    }
    /// The details screen open now, if any: its view owns it.
    private weak var openDetails: OrderDetailsViewModel?

    /// Creates the orders screen for a user, showing the loading state until ``viewDidAppear()``.
    ///
    /// - Parameters:
    ///   - user: The signed-in user.
    ///   - service: Where the orders come from, and where cancels go.
    ///   - language: The words and units; Chinese by default, as the home screen (see ``Language``).
    ///   - clock: The clock the search's pause is measured on; tests pass a manual one.
    ///   - searchDelay: How long typing must pause before the search runs; 300 ms by default. A view that hands
    ///     over whole searches (a line typed at a console, a search button) passes `.zero`.
    ///   - deliveryNotes: The delivery notes this screen shares with the details screens it opens; a new, empty one
    ///     by default.
    public init(
        user: User, service: any OrderService, language: Language = .chinese,
        clock: any Clock<Duration> = ContinuousClock(), searchDelay: Duration = .milliseconds(300),
        deliveryNotes: SharedState<[Order.ID: String]> = SharedState([:], label: "delivery notes")
    ) {
        self.user = user
        self.deliveryNotes = deliveryNotes
        self.service = service
        self.language = language
        text = OrderText(language: language)
        list = PagedList(firstCursor: OrderQuery(username: user.name))
        searchDebounce = Debouncer(delay: searchDelay, clock: clock)
        store = OutputStore(
            OrdersOutputs(
                orders: [], phase: .loading, phaseText: text.listText(for: .loading, search: ""), paging: .more,
                pagingText: nil, search: "", isSearchPending: false))
        deliveryNotes.observe(by: self) { [weak self] notes in self?.deliveryNotesDidChange(notes) }
    }

    // MARK: Inputs

    /// The screen appeared: loads the first page, unless the list has loaded or is loading.
    public func viewDidAppear() { start(list.load()) }

    /// The list was pulled down: loads the first page again, keeping the rows shown until it arrives. Ignored
    /// while the first page is loading.
    public func refreshDidPull() { start(list.refresh()) }

    /// The retry button was pressed: loads again what failed (the list, or the next page). Ignored when nothing
    /// failed.
    public func retryButtonDidTap() { start(list.retry()) }

    /// The "more" button was pressed: loads the next page. Ignored while a page loads, after the last page, and
    /// after a failed page (``retryButtonDidTap()`` asks again).
    public func moreButtonDidTap() { start(list.loadMore()) }

    /// A row appeared on screen: when it is one of the last rows, the next page loads.
    ///
    /// - Parameter index: The row's position in ``OrdersOutputs/orders``.
    public func rowDidAppear(at index: Int) { start(list.rowDidAppear(at: index)) }

    /// The search text changed: once typing pauses for the search delay, the list shows the orders whose number
    /// or items contain it (all of them for empty text). Each change restarts the wait.
    ///
    /// - Parameter text: The search field's text.
    public func searchTextDidChange(_ text: String) {
        store.update(notifying: delegate) { $0.isSearchPending = true }
        searchDebounce.schedule { [weak self] in self?.searchDidSettle(text) }
    }

    /// An order was selected: makes its details screen's ViewModel and hands it to the delegate to open. Ignored
    /// for an index out of range, and while a details screen is open (a double tap opens one).
    ///
    /// - Parameter index: The row's position in ``OrdersOutputs/orders``.
    public func orderDidSelect(at index: Int) {
        guard openDetails == nil else { return }  // one screen at a time
        guard outputs.orders.indices.contains(index), let order = orders[outputs.orders[index].id] else { return }
        let details = OrderDetailsViewModel(
            order: order, username: user.name, service: service, language: language, deliveryNotes: deliveryNotes
        ) { [weak self] in self?.detailsDidReport($0) }
        openDetails = details
        delegate?.moveToOrderDetails(details)
    }

    // MARK: Child ViewModels

    /// The child ViewModel of the row at `index`, for its cell: the same one for the same order until its row is
    /// gone.
    ///
    /// - Parameter index: A position in ``OrdersOutputs/orders``; it must be in range, as a table view's index
    ///   paths are.
    /// - Returns: The row's child ViewModel.
    public func rowViewModel(at index: Int) -> OrderRowViewModel {
        rowViewModels.child(for: outputs.orders[index]) { [user, service, language] row in
            OrderRowViewModel(row: row, username: user.name, service: service, language: language) {
                [weak self] report in
                self?.rowDidReport(report)
            }
        }
    }

    // MARK: Loading

    private func start(_ request: PageRequest<OrderQuery>?) {
        guard let request else { return }
        show()
        // A refresh overtakes a page still loading: starting cancels the request in flight.
        pageLoad.start { [service] () async throws(OrderServiceError) -> OrderPage in
            try await service.orders(request.cursor)
        } then: { [weak self] result in
            self?.pageDidArrive(result, for: request)
        }
    }

    private func pageDidArrive(_ result: Result<OrderPage, OrderServiceError>, for request: PageRequest<OrderQuery>) {
        switch result {
        case .success(let page):
            // A note saved in this session shows, whatever the page says.
            let notes = deliveryNotes.value
            let pageOrders = page.orders.map { order in
                var order = order
                if let note = notes[order.id] { order.deliveryNote = note }
                return order
            }
            let rows = pageOrders.map { OrderRow($0, language: language) }
            let next = page.nextCursor.map { request.cursor.after($0) }
            guard list.receive(RowPage(rows: rows, next: next), for: request) else { return }
            if request.kind != .next { orders.removeAll() }
            for order in pageOrders { orders[order.id] = order }
        case .failure(.cancelled):
            return  // the service gave up: nothing to show (a request this screen cancelled never gets here)
        case .failure(let error):
            guard list.fail(error, for: request) else { return }
        }
        show()
    }

    private func searchDidSettle(_ text: String) {
        let query = OrderQuery(username: user.name, search: text)
        if query.search != search {
            search = query.search
            list = PagedList(firstCursor: query)
            start(list.load())  // cancels the page in flight: the old search's
        } else {
            show()
        }
    }

    // MARK: Children's reports

    private func rowDidReport(_ report: OrderRowViewModel.Report) {
        switch report {
        case .changed(let order):
            guard list.rows.update(OrderRow(order, language: language)) != nil else { return }
            orders[order.id] = order
        case .removed(let id):
            guard list.rows.remove(id: id) != nil else { return }
            orders[id] = nil
        }
        show()
    }

    private func detailsDidReport(_ report: OrderDetailsViewModel.Report) {
        switch report {
        case .closed:
            openDetails = nil
        }
    }

    /// A note was saved (by an order's details screen): the order's row shows it. A row another search took away
    /// shows it when it comes back.
    private func deliveryNotesDidChange(_ notes: [Order.ID: String]) {
        var changed = false
        for (id, note) in notes {
            guard var order = orders[id], order.deliveryNote != note else { continue }
            order.deliveryNote = note
            orders[id] = order
            if list.rows.update(OrderRow(order, language: language)) != nil { changed = true }
        }
        if changed { show() }
    }

    // MARK: Showing

    private func show() {
        let phase = list.phase
        let paging = list.paging
        store.update(notifying: delegate) { outputs in
            outputs.orders = list.rows
            outputs.phase = phase
            outputs.phaseText = text.listText(for: phase, search: search)
            outputs.paging = paging
            outputs.pagingText = list.rows.isEmpty ? nil : text.pagingText(for: paging)
            outputs.search = search
            outputs.isSearchPending = searchDebounce.isPending
        }
        rowViewModels.update(for: list.rows)
    }
}
