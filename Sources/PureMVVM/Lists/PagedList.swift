/// A list screen's rows and where it is in loading them, as one value: first load, pull-to-refresh, retry after a
/// failure, and pages loaded as the last rows appear, with at most one request in flight.
///
/// It never loads anything itself. Each input returns the ``PageRequest`` to start, or `nil` when the rules say
/// not to (a page is already loading, the end is reached, the row that appeared is not among the last); the
/// ViewModel runs the request, and hands the answer back with the same request. An answer to a request the list
/// no longer waits for (a page overtaken by a refresh) is dropped. A failure never loses rows.
///
/// ```swift
/// private var list = PagedList<OrderRow, Int, OrdersFailure>(firstCursor: 0)
/// private var loadTask: Task<Void, Never>?
///
/// func viewDidAppear() { start(list.load()) }
/// func refreshDidPull() { start(list.refresh()) }
/// func retryButtonDidTap() { start(list.retry()) }
/// func rowDidAppear(at index: Int) { start(list.rowDidAppear(at: index)) }
///
/// private func start(_ request: PageRequest<Int>?) {
///     guard let request else { return }
///     show()  // the phase changed: loading, refreshing, a page loading
///     loadTask?.cancel()  // a refresh overtakes a page still loading
///     loadTask = Task { [weak self, service] in
///         do {
///             let page = try await service.orders(after: request.cursor)
///             self?.list.receive(page, for: request)
///         } catch {
///             self?.list.fail(OrdersFailure(error), for: request)
///         }
///         self?.show()
///     }
/// }
/// ```
///
/// ``phase`` says what to show for the list (``ListPhase``), ``paging`` what to show below the rows
/// (``PagingPhase``); both are plain values, ready to be outputs.
public struct PagedList<
    Row: Identifiable & Equatable & Sendable,
    Cursor: Equatable & Sendable,
    Failure: Error & Equatable & Sendable
>: Equatable, Sendable where Row.ID: Sendable {
    /// The rows loaded so far. Change them between pages as the screen needs (a row's new status after an
    /// action, a row removed); ``phase`` then says ``ListPhase/empty`` or ``ListPhase/loaded`` by the rows left.
    public var rows = Rows<Row>()
    /// What to show below the rows.
    public private(set) var paging = PagingPhase<Failure>.more
    /// How many rows from the end count as "the last rows": when one of them appears, the next page loads. 1
    /// waits for the very last row; more start the page before the user reaches the end.
    public var prefetchDistance: Int
    /// The request in flight, if any: there is never more than one.
    public private(set) var requestInFlight: PageRequest<Cursor>?

    private var stage = Stage.loading
    private let firstCursor: Cursor
    private var nextCursor: Cursor?
    private var requestCount = 0

    /// The phase before the rows are counted: loaded and empty are one stage.
    private enum Stage: Equatable, Sendable {
        case loading, loaded, refreshing
        case failed(Failure, retrying: PageRequest<Cursor>.Kind)
    }

    /// Creates an empty list, in the ``ListPhase/loading`` phase until ``load()``'s page arrives.
    ///
    /// - Parameters:
    ///   - firstCursor: The cursor of the first page: `0`, `1`, an empty token, as the service counts.
    ///   - prefetchDistance: How many rows from the end count as the last rows; 5 by default, at least 1.
    public init(firstCursor: Cursor, prefetchDistance: Int = 5) {
        self.firstCursor = firstCursor
        self.prefetchDistance = prefetchDistance
    }

    /// What to show for the list: loading, loaded, empty, refreshing or failed.
    public var phase: ListPhase<Failure> {
        switch stage {
        case .loading: .loading
        case .loaded: rows.isEmpty ? .empty : .loaded
        case .refreshing: .refreshing
        case .failed(let failure, _): .failed(failure)
        }
    }

    // MARK: Inputs

    /// The first load, when the screen appears.
    ///
    /// - Returns: The first page to load, or `nil` when the list has loaded, or is loading, already.
    public mutating func load() -> PageRequest<Cursor>? {
        guard stage == .loading, requestInFlight == nil else { return nil }
        return start(.first, at: firstCursor)
    }

    /// Loads the first page again, keeping the rows shown until it arrives (pull-to-refresh). It overtakes a
    /// page still loading, whose answer is then dropped: cancel that request's task.
    ///
    /// - Returns: The first page to load, or `nil` while the first load or a refresh is in flight.
    public mutating func refresh() -> PageRequest<Cursor>? {
        if let request = requestInFlight, request.kind != .next { return nil }
        if requestInFlight != nil { paging = .more }
        if stage == .loading { return start(.first, at: firstCursor) }
        if case .failed(_, .first) = stage {
            stage = .loading
            return start(.first, at: firstCursor)
        }
        stage = .refreshing
        return start(.refresh, at: firstCursor)
    }

    /// Tries again what failed: the first load, a refresh, or the next page (with the rows kept).
    ///
    /// - Returns: The request to start again, or `nil` when nothing failed or a request is in flight.
    public mutating func retry() -> PageRequest<Cursor>? {
        guard requestInFlight == nil else { return nil }
        if case .failed(_, let kind) = stage {
            stage = kind == .first ? .loading : .refreshing
            return start(kind, at: firstCursor)
        }
        if case .failed = paging, let nextCursor {
            paging = .loading
            return start(.next, at: nextCursor)
        }
        return nil
    }

    /// The view shows the row at `index`: when it is one of the last rows, the next page loads.
    ///
    /// - Parameter index: The index of the row that appeared.
    /// - Returns: The next page to load, or `nil` when the row is not among the last ``prefetchDistance``, a
    ///   request is in flight, the last page has arrived, the next page failed (``retry()`` asks again), or the
    ///   first page has not arrived.
    public mutating func rowDidAppear(at index: Int) -> PageRequest<Cursor>? {
        guard index >= rows.count - Swift.max(prefetchDistance, 1) else { return nil }
        return loadMore()
    }

    /// Loads the next page now, as a "more" button would.
    ///
    /// - Returns: The next page to load, or `nil` when a request is in flight, the last page has arrived, the next
    ///   page failed (``retry()`` asks again), or the first page has not arrived.
    public mutating func loadMore() -> PageRequest<Cursor>? {
        guard requestInFlight == nil, paging == .more, let nextCursor else { return nil }
        paging = .loading
        return start(.next, at: nextCursor)
    }

    // MARK: Answers

    /// Takes a page the service returned.
    ///
    /// The first page (of a load or a refresh) replaces the rows; a next page is added after them. A row whose ID
    /// is already shown replaces that row in place (pages that overlap never stop the program; see
    /// ``Rows/merge(_:)``).
    ///
    /// - Parameters:
    ///   - page: The rows, and the cursor of the page after them.
    ///   - request: The request it answers.
    /// - Returns: `false`, changing nothing, when the list no longer waits for `request`.
    @discardableResult
    public mutating func receive(_ page: RowPage<Row, Cursor>, for request: PageRequest<Cursor>) -> Bool {
        guard request == requestInFlight else { return false }
        requestInFlight = nil
        nextCursor = page.next
        paging = page.next == nil ? .endReached : .more
        switch request.kind {
        case .first, .refresh:
            var fresh = Rows<Row>()
            fresh.merge(page.rows)
            rows = fresh
            stage = .loaded
        case .next:
            rows.merge(page.rows)
        }
        return true
    }

    /// Takes a failure of a request: the rows stay, and ``retry()`` asks again.
    ///
    /// - Parameters:
    ///   - failure: What went wrong, as the screen shows it.
    ///   - request: The request that failed.
    /// - Returns: `false`, changing nothing, when the list no longer waits for `request`.
    @discardableResult
    public mutating func fail(_ failure: Failure, for request: PageRequest<Cursor>) -> Bool {
        guard request == requestInFlight else { return false }
        requestInFlight = nil
        switch request.kind {
        case .first, .refresh: stage = .failed(failure, retrying: request.kind)
        case .next: paging = .failed(failure)
        }
        return true
    }

    private mutating func start(_ kind: PageRequest<Cursor>.Kind, at cursor: Cursor) -> PageRequest<Cursor> {
        requestCount += 1
        let request = PageRequest(kind: kind, cursor: cursor, number: requestCount)
        requestInFlight = request
        return request
    }
}
