internal import LoginFeature

/// The schema of the home screen's database file, which holds the profiles and the orders: checked on every
/// opening, created in an empty file, and migrated from an older version, each in one transaction.
///
/// The file's `application_id` is "PMVM" and its `user_version` the schema version:
///
/// | version | what the file holds |
/// | --- | --- |
/// | 1 | `profiles` |
/// | 2 | `profiles`, `orders` and `order_items` (a version 1 file is migrated: its profiles are kept) |
/// | 3 | the same, and each order's `delivery_note` (a version 2 file is migrated: its orders get an empty note) |
///
/// A file of a newer version, another application's file and a file holding other tables are refused and never
/// written. A version 1 or 2 file that cannot be written still serves its profiles; its orders need the
/// migration.
enum StoreSchema {
    /// The version this build reads and writes.
    static let version = 3
    /// The application id in the file's header (`PRAGMA application_id`): "PMVM", so another program's SQLite
    /// file is told apart from this one.
    static let applicationID = 0x504D_564D

    /// What the caller reads from the file.
    enum Need {
        /// The profiles: the `profiles` table is the same in versions 1, 2 and 3.
        case profiles
        /// The orders: version 3.
        case orders
    }

    /// What opening found, or made of, the file.
    enum Outcome: Equatable {
        /// It was empty: the schema was created and seeded.
        case created
        /// It was version 1: the orders' tables were added and seeded, and the profiles kept.
        case migrated
        /// It was version 2: its orders got the delivery note's column, empty; nothing was seeded.
        case migratedFromVersion2
        /// It was of this version already.
        case current
        /// It is a version 1 or 2 file that cannot be written: its profiles are read as they are.
        case readOnlyOlderVersion
    }

    /// Why a file cannot be used, besides SQLite's own failures.
    enum Problem: Error, Equatable {
        /// The header's pragmas could not be read.
        case unreadableHeader
        /// The file is empty and read-only: the schema cannot be created.
        case cannotCreate
        /// The file is version 1 or 2 and read-only, and the orders were asked for: it cannot be migrated.
        case cannotMigrate
        /// The file is SQLite with another program's tables and no application id.
        case otherTables
        /// The file has another application id.
        case otherApplication
        /// The file's version is newer than ``version``.
        case newer(Int)
        /// The file's version is not one this build knows.
        case unknown(Int)
    }

    /// The name errors use for a file: its last path component, or `:memory:`.
    static func name(of path: String) -> String {
        path == ":memory:" ? path : String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Opens a file and prepares its schema (see ``prepare(_:for:profileSeed:orderSeed:)``).
    ///
    /// - Returns: The connection, and what was found or done.
    /// - Throws: ``Problem``, or `SQLiteConnection.Failure` (cannot be opened, not a database, locked, read-only).
    static func open(
        _ path: String, busyTimeout: Duration, for need: Need, profileSeed: () -> [String: ProfileRecord],
        orderSeed: () -> [String: [Order]]
    ) throws -> (connection: SQLiteConnection, outcome: Outcome) {
        let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        return (connection, try prepare(connection, for: need, profileSeed: profileSeed, orderSeed: orderSeed))
    }

    /// Checks the file's application id and schema version; creates the schema in an empty file and migrates a
    /// version 1 or 2 file, each in one transaction (with the orders' seed when their tables are made).
    ///
    /// - Parameters:
    ///   - connection: The open file.
    ///   - need: What the caller reads from it.
    ///   - profileSeed: The profiles, by username, a created file starts with; called only then.
    ///   - orderSeed: The orders, by username, a created or migrated file starts with; called only then.
    /// - Returns: What was found or done.
    /// - Throws: ``Problem``, or `SQLiteConnection.Failure` (not a database, locked, read-only).
    static func prepare(
        _ connection: SQLiteConnection, for need: Need, profileSeed: () -> [String: ProfileRecord],
        orderSeed: () -> [String: [Order]]
    ) throws -> Outcome {
        // The first read of the file: a file that is not SQLite fails here, as does a locked one.
        let header = try connection.prepare(
            "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),"
                + " (SELECT count(*) FROM sqlite_master)")
        let values = (try header.rows().first ?? []).map { $0.flatMap { Int($0) } ?? 0 }
        guard values.count == 3 else { throw Problem.unreadableHeader }
        let (application, version, objects) = (values[0], values[1], values[2])
        if application == 0, version == 0, objects == 0 {
            guard !connection.isReadOnly else { throw Problem.cannotCreate }
            let created = try connection.inTransaction { () throws(SQLiteConnection.Failure) -> Bool in
                // Checked again inside the transaction: another program may have created it meanwhile.
                guard try integer("SELECT count(*) FROM sqlite_master", on: connection) == 0 else { return false }
                try connection.execute(profilesTable)
                try ProfileDatabase.insert(profileSeed(), with: connection.prepare(ProfileDatabase.upsertSQL))
                try addOrders(orderSeed(), on: connection)
                try connection.execute("PRAGMA application_id = 1347245645")  // applicationID
                return true
            }
            // Made by another program meanwhile: checked as any other file.
            return created
                ? .created : try prepare(connection, for: need, profileSeed: profileSeed, orderSeed: orderSeed)
        }
        guard application == applicationID else {
            throw application == 0 ? Problem.otherTables : Problem.otherApplication
        }
        guard version <= Self.version else { throw Problem.newer(version) }
        switch version {
        case Self.version:
            return .current
        case 1 where connection.isReadOnly, 2 where connection.isReadOnly:
            guard need == .profiles else { throw Problem.cannotMigrate }
            return .readOnlyOlderVersion
        case 1:
            let migrated = try connection.inTransaction { () throws(SQLiteConnection.Failure) -> Bool in
                // Checked again inside the transaction: another program may have migrated it meanwhile.
                guard try integer("SELECT user_version FROM pragma_user_version", on: connection) == 1 else {
                    return false
                }
                try addOrders(orderSeed(), on: connection)
                return true
            }
            return migrated
                ? .migrated : try prepare(connection, for: need, profileSeed: profileSeed, orderSeed: orderSeed)
        case 2:
            let migrated = try connection.inTransaction { () throws(SQLiteConnection.Failure) -> Bool in
                // Checked again inside the transaction: another program may have migrated it meanwhile.
                guard try integer("SELECT user_version FROM pragma_user_version", on: connection) == 2 else {
                    return false
                }
                try connection.execute(deliveryNoteColumn)
                return true
            }
            return migrated
                ? .migratedFromVersion2
                : try prepare(connection, for: need, profileSeed: profileSeed, orderSeed: orderSeed)
        default:
            throw Problem.unknown(version)
        }
    }

    /// Version 1's one table.
    private static let profilesTable: StaticString = """
        CREATE TABLE profiles (
            username TEXT NOT NULL PRIMARY KEY,
            balance TEXT NOT NULL,
            red_packet TEXT NOT NULL,
            saved_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        """

    /// What version 2 adds, as version 3 has it: the orders (with version 3's delivery note), listed by user and
    /// date, and their items.
    private static let ordersTables: StaticString = """
        CREATE TABLE orders (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL,
            number TEXT NOT NULL UNIQUE,
            placed_at TEXT NOT NULL CHECK (length(placed_at) = 16),
            status TEXT NOT NULL CHECK (status IN ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')),
            amount_fen INTEGER NOT NULL CHECK (amount_fen >= 0),
            search_text TEXT NOT NULL,
            delivery_note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX orders_by_user_and_date ON orders (username, placed_at DESC, id DESC);
        CREATE TABLE order_items (
            order_id INTEGER NOT NULL REFERENCES orders (id),
            position INTEGER NOT NULL,
            name_zh TEXT NOT NULL,
            name_en TEXT NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity > 0),
            unit_price_fen INTEGER NOT NULL CHECK (unit_price_fen >= 0),
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        PRAGMA user_version = 3;
        """

    /// What version 3 adds to a version 2 file: each order's delivery note, empty.
    private static let deliveryNoteColumn: StaticString = """
        ALTER TABLE orders ADD COLUMN delivery_note TEXT NOT NULL DEFAULT '';
        PRAGMA user_version = 3;
        """

    /// Adds the orders' tables, as version 3 has them, with the seed's orders, and sets the version; inside a
    /// transaction.
    private static func addOrders(_ seed: [String: [Order]], on connection: SQLiteConnection)
        throws(SQLiteConnection.Failure)
    {
        try connection.execute(ordersTables)
        let statements = try OrderStatements(connection)
        for (username, orders) in seed.sorted(by: { $0.key < $1.key }) {
            try statements.save(orders, for: username)
        }
    }

    /// The first column of a query's first row, as an integer (0 for none).
    private static func integer(_ sql: String, on connection: SQLiteConnection) throws(SQLiteConnection.Failure) -> Int
    {
        let text = try connection.prepare(sql).rows().first?.first ?? nil
        return text.flatMap { Int($0) } ?? 0
    }
}
