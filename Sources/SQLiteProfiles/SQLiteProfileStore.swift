internal import Dispatch
public import LoginFeature
#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

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

    private let seed: (@Sendable () -> [String: ProfileRecord])?
    private let createsFolder: Bool
    private let queue = DispatchQueue(label: "SQLiteProfiles.SQLiteProfileStore")
    /// The open database; read and written only on `queue`.
    private var database: ProfileDatabase?

    /// Creates a store over a file; nothing is opened until the first call.
    ///
    /// - Parameters:
    ///   - path: The database file (its folder must exist), or `:memory:` for a store that lives in memory as
    ///     long as this object.
    ///   - busyTimeout: How long a call waits for another program's lock; ``ProfileDatabase/defaultBusyTimeout``
    ///     by default.
    ///   - seed: The profiles a newly created database starts with (such as the demo's JSON file, read with
    ///     ``JSONFileProfileSource/allProfiles()``), saved with its schema; `nil` for none.
    ///   - createsFolder: Whether to create the file's folder (and the folders above it, mode 0700) when it is
    ///     missing, at the first call: for a default location such as `~/.local/share/puremvvm`. `false` by
    ///     default: a missing folder is then an error naming the file.
    public init(
        path: String, busyTimeout: Duration = ProfileDatabase.defaultBusyTimeout,
        seed: (@Sendable () -> [String: ProfileRecord])? = nil, createsFolder: Bool = false
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.seed = seed
        self.createsFolder = createsFolder
    }

    /// Looks a user's profile up in the database.
    ///
    /// - Parameter username: The account name.
    /// - Returns: The profile, or `nil` when the database has none for the user.
    /// - Throws: ``ProfileSourceError`` naming the file when it cannot be opened or read;
    ///   ``ProfileSourceError/cancelled`` when the task was cancelled before the call.
    public func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
        try await perform { database throws(ProfileSourceError) in try database.profile(for: username) }
    }

    /// Saves a user's profile in one transaction, replacing the one stored.
    ///
    /// - Parameters:
    ///   - record: The profile.
    ///   - username: The account name.
    /// - Throws: ``ProfileSourceError`` naming the file when it cannot be opened or written (read-only, locked).
    public func save(_ record: ProfileRecord, for username: String) async throws(ProfileSourceError) {
        try await perform { database throws(ProfileSourceError) in try database.save(record, for: username) }
    }

    /// Imports profiles (such as a JSON file's, read with ``JSONFileProfileSource/allProfiles()``) in one
    /// transaction: all of them or, when one fails, none.
    ///
    /// - Parameter records: The profiles by account name; each replaces the one stored for its user.
    /// - Returns: How many profiles the database holds afterwards.
    /// - Throws: ``ProfileSourceError`` naming the file when it cannot be opened or written.
    public func importProfiles(_ records: [String: ProfileRecord]) async throws(ProfileSourceError) -> Int {
        try await perform { database throws(ProfileSourceError) in
            try database.save(records)
            return try database.count()
        }
    }

    /// Runs a call on the queue with the database, opening it first if needed.
    private func perform<Value: Sendable>(
        _ body: @escaping @Sendable (ProfileDatabase) throws(ProfileSourceError) -> Value
    ) async throws(ProfileSourceError) -> Value {
        if Task.isCancelled { throw .cancelled }
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, ProfileSourceError>, Never>) in
            queue.async {
                continuation.resume(
                    returning: Result { () throws(ProfileSourceError) -> Value in try body(self.openDatabase()) })
            }
        }
        return try result.get()
    }

    /// The open database; opens, creates and seeds it when needed. Call on `queue` only.
    private func openDatabase() throws(ProfileSourceError) -> ProfileDatabase {
        if let database { return database }
        if createsFolder, path != ":memory:" {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            // A failure shows as SQLite's, when it cannot open the file.
            try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let opened = try ProfileDatabase(path: path, busyTimeout: busyTimeout, seed: seed ?? { [:] })
        database = opened
        return opened
    }
}
