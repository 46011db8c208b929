internal import Dispatch

#if canImport(FoundationEssentials)
    internal import FoundationEssentials  // Foundation without ICU: a smaller process
#else
    internal import Foundation
#endif

/// A database opened on first use and called one call at a time on a queue of its own, off the caller's thread
/// (SQLite blocks while it waits for a lock): what ``SQLiteProfileStore`` and ``SQLiteOrderStore`` share.
///
/// A file that cannot be opened makes the call throw, and is opened again on the next call, so a lock that ends
/// or a file that is replaced is picked up.
final class SerialDatabase<Database, Failure: Error>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let path: String
    private let createsFolder: Bool
    private let cancelled: Failure
    private let open: @Sendable () throws(Failure) -> Database
    /// The open database; read and written only on `queue`.
    private var database: Database?

    /// Creates the wrapper; nothing is opened until the first call.
    ///
    /// - Parameters:
    ///   - label: The queue's label.
    ///   - path: The database file, or `:memory:`.
    ///   - createsFolder: Whether to create the file's folder (mode 0700) before opening it.
    ///   - cancelled: What a call from a cancelled task throws.
    ///   - open: Opens the database, creating and seeding it when needed.
    init(
        label: String, path: String, createsFolder: Bool, cancelled: Failure,
        open: @escaping @Sendable () throws(Failure) -> Database
    ) {
        queue = DispatchQueue(label: label)
        self.path = path
        self.createsFolder = createsFolder
        self.cancelled = cancelled
        self.open = open
    }

    /// Runs a call on the queue with the database, opening it first if needed.
    ///
    /// - Parameter body: The call.
    /// - Returns: What it returns.
    /// - Throws: What opening or the call throws; the `cancelled` failure when the task was cancelled before.
    func perform<Value: Sendable>(_ body: @escaping @Sendable (Database) throws(Failure) -> Value)
        async throws(Failure) -> Value
    {
        if Task.isCancelled { throw cancelled }
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            queue.async {
                continuation.resume(
                    returning: Result { () throws(Failure) -> Value in try body(self.openDatabase()) })
            }
        }
        return try result.get()
    }

    /// The open database; opens it when needed. Call on `queue` only.
    private func openDatabase() throws(Failure) -> Database {
        if let database { return database }
        if createsFolder, path != ":memory:" {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            // A failure shows as SQLite's, when it cannot open the file.
            try? FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let opened = try open()
        database = opened
        return opened
    }
}
