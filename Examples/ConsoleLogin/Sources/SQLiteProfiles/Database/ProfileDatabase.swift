public import LoginFeature

/// The home screen's profiles in an SQLite database file: one connection, synchronous calls. Use it from one
/// thread at a time; ``SQLiteProfileStore`` wraps it for the layered service.
///
/// Opening checks the file: a new or empty file gets the schema (``schemaVersion``), a version 1 file (profiles
/// only) gets the orders' tables and a version 2 file the orders' delivery notes (see ``OrderDatabase``), its
/// profiles kept; a file of a newer version, another application's database or a file that is not a database at all
/// is refused with an error naming the file, and is never written. A version 1 or 2 file that cannot be written is
/// read as it is.
///
/// ```swift
/// let database = try ProfileDatabase(path: "profiles.sqlite")
/// try database.save(ProfileRecord(balance: "100", redPacket: "3"), for: "dimsky")
/// try database.profile(for: "dimsky")   // ProfileRecord(balance: "100", redPacket: "3")
/// ```
public final class ProfileDatabase {
    /// The schema version this build reads and writes, kept in the file's `user_version`: 3, the profiles and the
    /// orders with their delivery notes (version 1 held the profiles only, version 2 the orders without notes).
    public static let schemaVersion = StoreSchema.version
    /// How long a call waits for another program's lock by default, before it fails: short, so a locked file is
    /// a notice and never a hang.
    public static let defaultBusyTimeout = Duration.milliseconds(200)

    /// The name the errors use for the file: its last path component, or `:memory:`.
    public let name: String
    /// Whether opening created the schema: the file was new or empty.
    public let wasCreated: Bool

    private let connection: SQLiteConnection
    private let busyTimeout: Duration
    private let lookup: SQLiteConnection.Statement
    private let upsert: SQLiteConnection.Statement
    private let counting: SQLiteConnection.Statement

    /// Opens a database file, creating it with its schema when it is missing or empty.
    ///
    /// - Parameters:
    ///   - path: The file, or `:memory:` for a database that lives only as long as this object.
    ///   - busyTimeout: How long a call waits for another connection's lock; ``defaultBusyTimeout`` by default.
    ///   - seed: The profiles a new database starts with, saved in the transaction that creates the schema;
    ///     called only then. None by default.
    ///   - orderSeed: The orders, by username, that a created or migrated database starts with (as
    ///     ``OrderDatabase``'s seed); called only then. None by default.
    /// - Throws: ``ProfileSourceError/corrupt(file:reason:)`` for a file that is not a profile database (not
    ///   SQLite, another application's tables, a half-made schema); ``ProfileSourceError/unreachable(_:)`` for a
    ///   file of a newer schema version, a locked file, or one that cannot be opened or created.
    public init(
        path: String, busyTimeout: Duration = defaultBusyTimeout, seed: () -> [String: ProfileRecord] = { [:] },
        orderSeed: () -> [String: [Order]] = { [:] }
    ) throws(ProfileSourceError) {
        let name = StoreSchema.name(of: path)
        self.name = name
        self.busyTimeout = busyTimeout
        do {
            let opened = try StoreSchema.open(
                path, busyTimeout: busyTimeout, for: .profiles, profileSeed: seed, orderSeed: orderSeed)
            connection = opened.connection
            wasCreated = opened.outcome == .created
            lookup = try connection.prepare("SELECT balance, red_packet FROM profiles WHERE username = ?1")
            upsert = try connection.prepare(Self.upsertSQL)
            counting = try connection.prepare("SELECT count(*) FROM profiles")
        } catch let failure as SQLiteConnection.Failure {
            throw Self.error(failure, name: name, busyTimeout: busyTimeout, doing: .open)
        } catch let problem as StoreSchema.Problem {
            throw Self.error(problem, name: name)
        } catch {
            throw .unreachable(.failed(file: name, action: .open, reason: "\(error)"))
        }
    }

    /// Looks a user's profile up.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The profile, or `nil` when the database has none for the user.
    /// - Throws: ``ProfileSourceError`` when the database cannot be read (locked, damaged).
    public func profile(for username: String) throws(ProfileSourceError) -> ProfileRecord? {
        let rows: [[String?]]
        do {
            rows = try lookup.rows([username], rowLimit: 1)
        } catch {
            throw Self.error(error, name: name, busyTimeout: busyTimeout, doing: .read)
        }
        guard let row = rows.first else { return nil }
        guard row.count == 2, let balance = row[0], let redPacket = row[1] else {
            throw .corrupt(file: name, reason: .emptyColumns(username: username))
        }
        return ProfileRecord(balance: balance, redPacket: redPacket)
    }

    /// Saves a user's profile in one transaction, replacing any the database holds for the user.
    ///
    /// - Parameters:
    ///   - record: The profile.
    ///   - username: The account name.
    /// - Throws: ``ProfileSourceError/unreachable(_:)`` when the file is read-only or locked.
    public func save(_ record: ProfileRecord, for username: String) throws(ProfileSourceError) {
        try save([username: record])
    }

    /// Saves many profiles in one transaction: all of them, or none when one fails.
    ///
    /// - Parameter records: The profiles by account name.
    /// - Throws: ``ProfileSourceError/unreachable(_:)`` when the file is read-only or locked.
    public func save(_ records: [String: ProfileRecord]) throws(ProfileSourceError) {
        do {
            try connection.inTransaction { () throws(SQLiteConnection.Failure) in
                try Self.insert(records, with: upsert)
            }
        } catch {
            throw Self.error(error, name: name, busyTimeout: busyTimeout, doing: .save)
        }
    }

    /// How many profiles the database holds.
    ///
    /// - Returns: The number of profiles.
    /// - Throws: ``ProfileSourceError`` when the database cannot be read.
    public func count() throws(ProfileSourceError) -> Int {
        do {
            guard let text = try counting.rows().first?.first ?? nil, let count = Int(text) else { return 0 }
            return count
        } catch {
            throw Self.error(error, name: name, busyTimeout: busyTimeout, doing: .read)
        }
    }

    // MARK: The schema (see StoreSchema)

    /// Saves one profile (`?1` username, `?2` balance, `?3` red packets), replacing the user's.
    static let upsertSQL = """
        INSERT OR REPLACE INTO profiles (username, balance, red_packet, saved_at)
        VALUES (?1, ?2, ?3, CAST(strftime('%s', 'now') AS INTEGER))
        """

    /// Saves profiles with ``upsertSQL``; call inside a transaction.
    static func insert(
        _ records: [String: ProfileRecord], with upsert: SQLiteConnection.Statement
    ) throws(SQLiteConnection.Failure) {
        for (username, record) in records.sorted(by: { $0.key < $1.key }) {
            _ = try upsert.rows([username, record.balance, record.redPacket])
        }
    }

    /// The error for a file whose schema cannot be used.
    private static func error(_ problem: StoreSchema.Problem, name: String) -> ProfileSourceError {
        switch problem {
        case .unreadableHeader: .corrupt(file: name, reason: .unreadableHeader)
        case .cannotCreate: .unreachable(.readOnly(file: name, action: .createTable))
        case .cannotMigrate: .unreachable(.readOnly(file: name, action: .addOrderTables))
        case .otherTables: .corrupt(file: name, reason: .otherTables)
        case .otherApplication: .corrupt(file: name, reason: .otherApplication)
        case .newer(let version): .unreachable(.newerSchema(file: name, version: version, newest: schemaVersion))
        case .unknown(let version): .corrupt(file: name, reason: .unknownSchemaVersion(version))
        }
    }

    /// The error for a failed SQLite call, naming the file and saying what to do.
    private static func error(
        _ failure: SQLiteConnection.Failure, name: String, busyTimeout: Duration, doing action: ProfileProblem.Action
    ) -> ProfileSourceError {
        if failure.isBusy { return .unreachable(.locked(file: name, waited: busyTimeout)) }
        if failure.isReadOnly { return .unreachable(.readOnly(file: name, action: action)) }
        if failure.isNotADatabase { return .corrupt(file: name, reason: .text(failure.message)) }
        return .unreachable(.failed(file: name, action: action, reason: failure.message))
    }
}
