public import LoginFeature

/// The home screen's local profile store in an SQLite file (seed 002's database), for ``LayeredProfileService``:
/// it reads profiles and keeps what the remote source returned, so the next sign-in reads locally.
///
/// The file is opened on first use, and created with its schema when it is missing or empty (then filled from
/// `seed`, if given). A file it cannot use (not a database, a newer schema version, locked past the busy
/// timeout) makes each call throw an error naming the file, and is opened again on the next call, so a lock
/// that ends or a file that is replaced is picked up. Calls run one at a time on a queue of the store's own, off
/// the caller's thread: SQLite blocks while it waits for a lock.
///
/// ```swift
/// let service = LayeredProfileService(
///     local: SQLiteProfileStore(path: "/home/dimsky/.local/share/puremvvm/profiles.sqlite"),
///     remote: server
/// )
/// ```
public final class SQLiteProfileStore: ProfileStore, @unchecked Sendable {
    /// The database file, or `:memory:`.
    public let path: String
    /// How long a call waits for another program's lock before it fails.
    public let busyTimeout: Duration

    private let database: SerialDatabase<ProfileDatabase, ProfileSourceError>

    /// Opens SQLite itself (`libsqlite3.so.0` on Linux; the SDK's library on Apple platforms), once per process:
    /// a program checks it before it asks anything of a user who will need the database.
    ///
    /// - Throws: ``SystemLibraryError`` when the library cannot be opened; every store's calls then fail.
    public static func openLibrary() throws(SystemLibraryError) {
        _ = try SQLiteLibrary.opened.get()
    }

    /// Creates a store over a file; nothing is opened until the first call.
    ///
    /// - Parameters:
    ///   - path: The database file (its folder must exist), or `:memory:` for a store that lives in memory as
    ///     long as this object.
    ///   - busyTimeout: How long a call waits for another program's lock; ``ProfileDatabase/defaultBusyTimeout``
    ///     by default.
    ///   - seed: The profiles a newly created database starts with (such as the demo's JSON file, read with
    ///     ``JSONFileProfileSource/allProfiles()``), saved with its schema; `nil` for none.
    ///   - orderSeed: The orders, by username, that a newly created or migrated database starts with (see
    ///     ``SQLiteOrderStore``); `nil` for none. Give it where the order store has one: whichever store opens a
    ///     new file first makes the whole schema.
    ///   - createsFolder: Whether to create the file's folder (and the folders above it, mode 0700) when it is
    ///     missing, at the first call: for a default location such as `~/.local/share/puremvvm`. `false` by
    ///     default: a missing folder is then an error naming the file.
    public init(
        path: String, busyTimeout: Duration = ProfileDatabase.defaultBusyTimeout,
        seed: (@Sendable () -> [String: ProfileRecord])? = nil, orderSeed: (@Sendable () -> [String: [Order]])? = nil,
        createsFolder: Bool = false
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        database = SerialDatabase(
            label: "SQLiteProfiles.SQLiteProfileStore", path: path, createsFolder: createsFolder, cancelled: .cancelled
        ) { () throws(ProfileSourceError) in
            try ProfileDatabase(
                path: path, busyTimeout: busyTimeout, seed: seed ?? { [:] }, orderSeed: orderSeed ?? { [:] })
        }
    }

    /// Looks a user's profile up in the database.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The profile, or `nil` when the database has none for the user.
    /// - Throws: ``ProfileSourceError`` naming the file when it cannot be opened or read;
    ///   ``ProfileSourceError/cancelled`` when the task was cancelled before the call.
    public func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
        try await database.perform { database throws(ProfileSourceError) in try database.profile(for: username) }
    }

    /// Saves a user's profile in one transaction, replacing the one stored.
    ///
    /// - Parameters:
    ///   - record: The profile.
    ///   - username: The account name.
    /// - Throws: ``ProfileSourceError`` naming the file when it cannot be opened or written (read-only, locked).
    public func save(_ record: ProfileRecord, for username: String) async throws(ProfileSourceError) {
        try await database.perform { database throws(ProfileSourceError) in try database.save(record, for: username) }
    }

    /// Imports profiles (such as a JSON file's, read with ``JSONFileProfileSource/allProfiles()``) in one
    /// transaction: all of them or, when one fails, none.
    ///
    /// - Parameter records: The profiles by account name; each replaces the one stored for its user.
    /// - Returns: How many profiles the database holds afterwards.
    /// - Throws: ``ProfileSourceError`` naming the file when it cannot be opened or written.
    public func importProfiles(_ records: [String: ProfileRecord]) async throws(ProfileSourceError) -> Int {
        try await database.perform { database throws(ProfileSourceError) in
            try database.save(records)
            return try database.count()
        }
    }
}
