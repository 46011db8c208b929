public import LoginFeature

/// The orders in the home screen's SQLite database file, beside the profiles: one connection, synchronous calls.
/// Use it from one thread at a time; ``SQLiteOrderStore`` wraps it as an `OrderService`.
///
/// Opening checks the file as ``ProfileDatabase`` does, and brings it to schema version 3: a new or empty file
/// gets the whole schema, a version 1 file (profiles only) gets the orders' tables, its profiles kept, each in one
/// transaction with the seed; a version 2 file gets the orders' delivery notes, empty, in one transaction. A file of a
/// newer version, another application's database or a file that is not a database is refused with an error naming the
/// file, and is never written. Every write is one transaction.
///
/// ```swift
/// let database = try OrderDatabase(path: "profiles.sqlite", seed: { ["dimsky": DemoOrders.orders()] })
/// let page = try database.orders(OrderQuery(username: "dimsky"))        // the 20 newest
/// let cancelled = try database.cancelOrder(page.orders[0].id, of: "dimsky")
/// ```
public final class OrderDatabase {
    /// How long a call waits for another program's lock by default, as for the profiles.
    public static let defaultBusyTimeout = ProfileDatabase.defaultBusyTimeout

    /// The name the errors use for the file: its last path component, or `:memory:`.
    public let name: String
    /// Whether opening created the schema (the file was new or empty) or migrated it from version 1: then the
    /// orders' tables were filled from the seed.
    public let wasCreatedOrMigrated: Bool

    private let connection: SQLiteConnection
    private let busyTimeout: Duration
    private let statements: OrderStatements

    /// Opens a database file, creating its schema when it is missing or empty, and migrating it from version 1
    /// or 2.
    ///
    /// - Parameters:
    ///   - path: The file, or `:memory:` for a database that lives only as long as this object.
    ///   - busyTimeout: How long a call waits for another connection's lock; ``defaultBusyTimeout`` by default.
    ///   - seed: The orders, by username, that a created or migrated database starts with, saved in the
    ///     transaction that makes their tables; called only then. None by default.
    ///   - profileSeed: The profiles a created database starts with (as ``ProfileDatabase``'s seed); called only
    ///     then. None by default.
    /// - Throws: ``OrderServiceError/storeUnavailable(file:problem:)`` naming the file: not a database, another
    ///   application's, of a newer or unknown version, locked, read-only when the schema must be made, or not
    ///   openable.
    public init(
        path: String, busyTimeout: Duration = defaultBusyTimeout, seed: () -> [String: [Order]] = { [:] },
        profileSeed: () -> [String: ProfileRecord] = { [:] }
    ) throws(OrderServiceError) {
        let name = StoreSchema.name(of: path)
        self.name = name
        self.busyTimeout = busyTimeout
        do {
            let opened = try StoreSchema.open(
                path, busyTimeout: busyTimeout, for: .orders, profileSeed: profileSeed, orderSeed: seed)
            connection = opened.connection
            wasCreatedOrMigrated = opened.outcome == .created || opened.outcome == .migrated
            statements = try OrderStatements(connection)
        } catch let failure as SQLiteConnection.Failure {
            throw Self.error(failure, name: name, busyTimeout: busyTimeout)
        } catch let problem as StoreSchema.Problem {
            throw .storeUnavailable(file: name, problem: Self.problem(problem))
        } catch {
            throw .storeUnavailable(file: name, problem: .sqlite("\(error)"))
        }
    }

    /// Loads a page of a user's orders, listed and searched as `OrderQuery` says.
    ///
    /// - Parameter query: The user, the search, where the page starts and how many.
    /// - Returns: The page; empty when the user has no orders, or none that match.
    /// - Throws: ``OrderServiceError/storeUnavailable(file:problem:)`` when the file cannot be read (locked,
    ///   damaged) or an order in the page cannot be read.
    public func orders(_ query: OrderQuery) throws(OrderServiceError) -> OrderPage {
        switch try run({ () throws(SQLiteConnection.Failure) in try statements.page(query) }) {
        case .value(let page): return page
        case .damaged(let id): throw .storeUnavailable(file: name, problem: .damagedOrder(id))
        }
    }

    /// Loads one of a user's orders.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order.
    /// - Throws: ``OrderServiceError/notFound(_:)`` when the user has no such order;
    ///   ``OrderServiceError/storeUnavailable(file:problem:)`` when it cannot be read.
    public func order(_ id: Order.ID, of username: String) throws(OrderServiceError) -> Order {
        switch try run({ () throws(SQLiteConnection.Failure) in try statements.order(id, of: username) }) {
        case nil: throw .notFound(id)
        case .value(let order): return order
        case .damaged(let id): throw .storeUnavailable(file: name, problem: .damagedOrder(id))
        }
    }

    /// Cancels one of a user's orders in one transaction: a conditional update that changes the status only from
    /// the cancellable status it read in the same transaction.
    ///
    /// - Parameters:
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order, cancelled.
    /// - Throws: ``OrderServiceError/notCancellable(_:)`` with the order as it is when its status does not allow
    ///   it; ``OrderServiceError/notFound(_:)`` when the user has no such order;
    ///   ``OrderServiceError/storeUnavailable(file:problem:)`` when the file cannot be written (read-only,
    ///   locked). Nothing is changed then.
    public func cancelOrder(_ id: Order.ID, of username: String) throws(OrderServiceError) -> Order {
        let outcome = try run { () throws(SQLiteConnection.Failure) in
            try connection.inTransaction { () throws(SQLiteConnection.Failure) in
                try statements.cancel(id, of: username)
            }
        }
        switch outcome {
        case .cancelled(let order): return order
        case .notFound: throw .notFound(id)
        case .notCancellable(let order): throw .notCancellable(order)
        case .damaged(let id): throw .storeUnavailable(file: name, problem: .damagedOrder(id))
        }
    }

    /// Saves the delivery note of one of a user's orders, in one transaction.
    ///
    /// - Parameters:
    ///   - note: The new note, saved as it is.
    ///   - id: The order.
    ///   - username: Its owner.
    /// - Returns: The order with its note.
    /// - Throws: ``OrderServiceError/notFound(_:)`` when the user has no such order (nothing is changed);
    ///   ``OrderServiceError/storeUnavailable(file:problem:)`` when the file cannot be written (read-only,
    ///   locked) or the order cannot be read.
    public func saveDeliveryNote(_ note: String, for id: Order.ID, of username: String) throws(OrderServiceError)
        -> Order
    {
        let saved = try run { () throws(SQLiteConnection.Failure) in
            try connection.inTransaction { () throws(SQLiteConnection.Failure) in
                try statements.saveNote(note, for: id, of: username)
            }
        }
        switch saved {
        case nil: throw .notFound(id)
        case .value(let order): return order
        case .damaged(let id): throw .storeUnavailable(file: name, problem: .damagedOrder(id))
        }
    }

    /// Saves a user's orders in one transaction: all of them or, when one fails, none. Each replaces the order of
    /// its ID, items and all.
    ///
    /// - Parameters:
    ///   - orders: The orders.
    ///   - username: Their owner.
    /// - Throws: ``OrderServiceError/storeUnavailable(file:problem:)`` when the file cannot be written, or an
    ///   order breaks the schema's rules (a number another order has, a quantity below 1).
    public func save(_ orders: [Order], for username: String) throws(OrderServiceError) {
        try run { () throws(SQLiteConnection.Failure) in
            try connection.inTransaction { () throws(SQLiteConnection.Failure) in
                try statements.save(orders, for: username)
            }
        }
    }

    /// How many orders a user has.
    ///
    /// - Parameter username: The user.
    /// - Returns: The number of orders.
    /// - Throws: ``OrderServiceError/storeUnavailable(file:problem:)`` when the file cannot be read.
    public func count(of username: String) throws(OrderServiceError) -> Int {
        try run { () throws(SQLiteConnection.Failure) in try statements.count(of: username) }
    }

    /// Runs SQLite calls, turning a failure into the error naming the file.
    private func run<Value>(_ body: () throws(SQLiteConnection.Failure) -> Value) throws(OrderServiceError) -> Value {
        do {
            return try body()
        } catch {
            throw Self.error(error, name: name, busyTimeout: busyTimeout)
        }
    }

    private static func error(
        _ failure: SQLiteConnection.Failure, name: String, busyTimeout: Duration
    ) -> OrderServiceError {
        let problem: OrderServiceError.StoreProblem =
            if failure.isBusy {
                .locked(waited: busyTimeout)
            } else if failure.isReadOnly {
                .readOnly
            } else if failure.isNotADatabase {
                .notADatabase
            } else {
                .sqlite(failure.message)
            }
        return .storeUnavailable(file: name, problem: problem)
    }

    private static func problem(_ problem: StoreSchema.Problem) -> OrderServiceError.StoreProblem {
        switch problem {
        case .unreadableHeader: .notADatabase
        case .cannotCreate, .cannotMigrate: .readOnly
        case .otherTables: .otherTables
        case .otherApplication: .otherApplication
        case .newer(let version): .newerVersion(version, supported: StoreSchema.version)
        case .unknown(let version): .unknownVersion(version)
        }
    }
}
