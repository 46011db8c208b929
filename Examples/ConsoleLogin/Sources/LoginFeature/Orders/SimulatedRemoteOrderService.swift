/// A stand-in for the shop's order server: each request waits a delay on an injected clock, then fails or is
/// answered by the service behind it (in the console build, the order database).
///
/// ```swift
/// let server = SimulatedRemoteOrderService(
///     backend: SQLiteOrderStore(path: "profiles.sqlite"), reliability: .flaky, delay: .seconds(1), clock: clock)
/// try await server.orders(OrderQuery(username: "dimsky"))   // after 1 s: serverUnreachable (the first listing)
/// try await server.orders(OrderQuery(username: "dimsky"))   // after 1 s: the first page
/// ```
///
/// Tests pass a manual clock, so the delay costs no time. Whether a request fails is decided when its delay
/// ends, so a request cancelled while it waits uses up nothing: it throws ``OrderServiceError/cancelled``.
public actor SimulatedRemoteOrderService: OrderService {
    /// How the simulated server answers.
    public enum Reliability: String, CaseIterable, Hashable, Sendable {
        /// It answers every request.
        case reliable
        /// It fails every request with ``OrderServiceError/serverUnreachable``.
        case down
        /// It fails the first request of each kind (the first listing, the first look-up of one order, the
        /// first cancel and the first note saved) with ``OrderServiceError/serverUnreachable``, and answers the
        /// rest, so trying again works.
        case flaky
    }

    /// The kinds of request, for ``Reliability/flaky``.
    private enum Request: Hashable {
        case listing, lookUp, cancel, note
    }

    /// What answers the requests that do not fail.
    public nonisolated let backend: any OrderService
    /// How the server answers.
    public nonisolated let reliability: Reliability
    /// How long each request takes.
    public nonisolated let delay: Duration
    private let clock: any Clock<Duration>
    private var failedOnce: Set<Request> = []

    /// Creates a simulated server.
    ///
    /// - Parameters:
    ///   - backend: What answers the requests that do not fail.
    ///   - reliability: How it answers; ``Reliability/reliable`` by default.
    ///   - delay: How long each request takes.
    ///   - clock: The clock the delay runs on; a `ContinuousClock` by default.
    public init(
        backend: any OrderService, reliability: Reliability = .reliable, delay: Duration,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.backend = backend
        self.reliability = reliability
        self.delay = delay
        self.clock = clock
    }

    /// Waits for the delay, then fails or answers with the backend's page.
    ///
    /// - Parameter query: The user, the search, where the page starts and how many.
    /// - Returns: The backend's page.
    /// - Throws: ``OrderServiceError/serverUnreachable`` when the server fails the request,
    ///   ``OrderServiceError/cancelled`` when the wait is cancelled, or the backend's error.
    public func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
        try await waitForAnswer(to: .listing)
        return try await backend.orders(query)
    }

    /// Waits for the delay, then fails or answers with the backend's order.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The backend's order.
    /// - Throws: ``OrderServiceError/serverUnreachable`` when the server fails the request,
    ///   ``OrderServiceError/cancelled`` when the wait is cancelled, or the backend's error.
    public func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await waitForAnswer(to: .lookUp)
        return try await backend.order(id, of: username)
    }

    /// Waits for the delay, then fails or has the backend cancel the order.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The cancelled order.
    /// - Throws: ``OrderServiceError/serverUnreachable`` when the server fails the request (nothing is
    ///   cancelled), ``OrderServiceError/cancelled`` when the wait is cancelled, or the backend's error.
    public func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await waitForAnswer(to: .cancel)
        return try await backend.cancelOrder(id, of: username)
    }

    /// Waits for the delay, then fails or has the backend save the order's delivery note.
    ///
    /// - Parameters:
    ///   - note: The new note.
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order with its note.
    /// - Throws: ``OrderServiceError/serverUnreachable`` when the server fails the request (nothing is saved),
    ///   ``OrderServiceError/cancelled`` when the wait is cancelled, or the backend's error.
    public func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
    {
        try await waitForAnswer(to: .note)
        return try await backend.saveDeliveryNote(note, for: id, of: username)
    }

    /// Waits for the delay; then throws when the server fails this request.
    private func waitForAnswer(to request: Request) async throws(OrderServiceError) {
        do {
            try await clock.sleep(for: delay)
        } catch {
            throw .cancelled
        }
        switch reliability {
        case .reliable:
            return
        case .down:
            throw .serverUnreachable
        case .flaky:
            guard failedOnce.insert(request).inserted else { return }
            throw .serverUnreachable
        }
    }
}
