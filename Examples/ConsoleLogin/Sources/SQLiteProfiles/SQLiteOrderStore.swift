public import LoginFeature

/// The orders in the home screen's SQLite file (beside the profiles), as an `OrderService`: in the console build,
/// the data behind the simulated order server (`SimulatedRemoteOrderService`).
///
/// The file is opened on first use: created with the whole schema when it is missing or empty, migrated from
/// version 1 (profiles only) with its profiles kept and the orders' tables filled from `seed`, or from version 2
/// with its orders kept (see ``OrderDatabase``). A file it cannot use (not a database, a newer schema version, locked
/// past the busy timeout) makes each call throw an error naming the file, and is opened again on the next call. Calls
/// run one at a time on a queue of the store's own, off the caller's thread.
///
/// ```swift
/// let store = SQLiteOrderStore(path: "profiles.sqlite", seed: { ["dimsky": DemoOrders.orders()] })
/// let page = try await store.orders(OrderQuery(username: "dimsky", search: "tea"))
/// ```
public final class SQLiteOrderStore: OrderService, @unchecked Sendable {
    /// The database file, or `:memory:`.
    public let path: String
    /// How long a call waits for another program's lock before it fails.
    public let busyTimeout: Duration

    private let database: SerialDatabase<OrderDatabase, OrderServiceError>

    /// Creates a store over a file; nothing is opened until the first call.
    ///
    /// - Parameters:
    ///   - path: The database file (its folder must exist), or `:memory:` for a store that lives in memory as
    ///     long as this object.
    ///   - busyTimeout: How long a call waits for another program's lock; ``OrderDatabase/defaultBusyTimeout`` by
    ///     default.
    ///   - seed: The orders, by username, that a newly created or migrated database starts with; `nil` for none.
    ///   - profileSeed: The profiles a newly created database starts with; `nil` for none. Give the profile
    ///     store's seed: whichever store opens a new file first makes the whole schema.
    ///   - createsFolder: Whether to create the file's folder (and the folders above it, mode 0700) when it is
    ///     missing, at the first call. `false` by default: a missing folder is then an error naming the file.
    public init(
        path: String, busyTimeout: Duration = OrderDatabase.defaultBusyTimeout,
        seed: (@Sendable () -> [String: [Order]])? = nil, profileSeed: (@Sendable () -> [String: ProfileRecord])? = nil,
        createsFolder: Bool = false
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        database = SerialDatabase(
            label: "SQLiteProfiles.SQLiteOrderStore", path: path, createsFolder: createsFolder, cancelled: .cancelled
        ) { () throws(OrderServiceError) in
            try OrderDatabase(
                path: path, busyTimeout: busyTimeout, seed: seed ?? { [:] }, profileSeed: profileSeed ?? { [:] })
        }
    }

    /// Loads a page of a user's orders from the database.
    ///
    /// - Parameter query: The user, the search, where the page starts and how many.
    /// - Returns: The page.
    /// - Throws: ``OrderServiceError/storeUnavailable(file:problem:)`` naming the file when it cannot be opened or
    ///   read; ``OrderServiceError/cancelled`` when the task was cancelled before the call.
    public func orders(_ query: OrderQuery) async throws(OrderServiceError) -> OrderPage {
        try await database.perform { database throws(OrderServiceError) in try database.orders(query) }
    }

    /// Loads one of a user's orders from the database.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order.
    /// - Throws: ``OrderServiceError/notFound(_:)`` when the user has no such order;
    ///   ``OrderServiceError/storeUnavailable(file:problem:)`` when the file cannot be opened or read;
    ///   ``OrderServiceError/cancelled`` when the task was cancelled before the call.
    public func order(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await database.perform { database throws(OrderServiceError) in try database.order(id, of: username) }
    }

    /// Cancels one of a user's orders in one transaction, if its status allows it.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order, cancelled.
    /// - Throws: ``OrderServiceError/notCancellable(_:)`` with the order as it is;
    ///   ``OrderServiceError/notFound(_:)``; ``OrderServiceError/storeUnavailable(file:problem:)`` when the file
    ///   cannot be opened or written; ``OrderServiceError/cancelled`` when the task was cancelled before the call.
    public func cancelOrder(_ id: Order.ID, of username: String) async throws(OrderServiceError) -> Order {
        try await database.perform { database throws(OrderServiceError) in try database.cancelOrder(id, of: username) }
    }

    /// Saves the delivery note of one of a user's orders in one transaction.
    ///
    /// - Parameters:
    ///   - note: The new note.
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order with its note.
    /// - Throws: ``OrderServiceError/notFound(_:)``; ``OrderServiceError/storeUnavailable(file:problem:)`` when the
    ///   file cannot be opened or written; ``OrderServiceError/cancelled`` when the task was cancelled before the
    ///   call.
    public func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) async throws(OrderServiceError)
        -> Order
    {
        try await database.perform { database throws(OrderServiceError) in
            try database.saveDeliveryNote(note, for: id, of: username)
        }
    }
}
