// The one file of SQLiteProfiles that calls SQLite's C interface: the library, a connection, prepared statements
// with bound parameters, transactions. Everything else in the module is Swift on top of it.

internal import CSystemLibraries
internal import LoginFeature

/// SQLite's functions (`csystem_open_sqlite`), opened once per process when the first database is opened.
struct SQLiteLibrary: @unchecked Sendable {  // a C table of function pointers, never written once opened
    let functions: csystem_sqlite

    static let opened: Result<SQLiteLibrary, SystemLibraryError> = {
        guard let functions = csystem_open_sqlite()?.pointee else {
            return .failure(SystemLibraryError(library: .sqlite, reason: String(cString: csystem_open_error())))
        }
        return .success(SQLiteLibrary(functions: functions))
    }()
}

/// An open SQLite connection, used from one thread at a time (its owner serialises the calls).
///
/// Statements are prepared once and their parameters bound, never spliced into SQL text; only constant SQL
/// (the schema, pragmas, transaction control) is run as text.
final class SQLiteConnection {
    /// A failed SQLite call: the primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …) and SQLite's message.
    struct Failure: Error {
        /// The primary result code.
        var code: Int32
        /// SQLite's message, such as "file is not a database".
        var message: String

        var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
        var isReadOnly: Bool { code == SQLITE_READONLY }
        var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }
    }

    /// SQLite's code for a call the library was not meant to make: this module's own refusals use it.
    static let misuse = SQLITE_MISUSE

    /// A prepared statement; reset after every use.
    final class Statement {
        fileprivate let handle: OpaquePointer
        private unowned let connection: SQLiteConnection
        private let sqlite: csystem_sqlite

        fileprivate init(handle: OpaquePointer, connection: SQLiteConnection) {
            self.handle = handle
            self.connection = connection
            self.sqlite = connection.sqlite
        }

        deinit {
            _ = sqlite.sqlite3_finalize(handle)
        }

        /// Runs the statement with text parameters (`?1`, `?2`, …) and returns its rows' text columns.
        ///
        /// - Parameters:
        ///   - parameters: The values of `?1`, `?2`, …, in order.
        ///   - rowLimit: The most rows read; the rest are not fetched.
        /// - Returns: Each row's columns as text (`nil` for SQL NULL).
        func rows(_ parameters: [String] = [], rowLimit: Int = .max) throws(Failure) -> [[String?]] {
            defer {
                _ = sqlite.sqlite3_reset(handle)
                _ = sqlite.sqlite3_clear_bindings(handle)
            }
            for (index, value) in parameters.enumerated() {
                let result = withUnsafePointer(to: sqlite) { sqlite in
                    value.withCString { text in
                        csystem_sqlite_bind_text_copy(sqlite, handle, Int32(index + 1), text, Int32(value.utf8.count))
                    }
                }
                guard result == SQLITE_OK else { throw connection.failure(result) }
            }
            var rows: [[String?]] = []
            while rows.count < rowLimit {
                let result = sqlite.sqlite3_step(handle)
                if result == SQLITE_DONE { break }
                guard result == SQLITE_ROW else { throw connection.failure(result) }
                rows.append(
                    (0..<sqlite.sqlite3_column_count(handle)).map { column in
                        sqlite.sqlite3_column_text(handle, column).map { String(cString: $0) }
                    })
            }
            return rows
        }
    }

    private let handle: OpaquePointer
    fileprivate let sqlite: csystem_sqlite

    /// Opens (and creates, if missing) a database file, never through a symbolic link (`SQLITE_OPEN_NOFOLLOW`). A
    /// new file is created readable and writable by its owner only (0600), as are its journals, which take its mode.
    ///
    /// - Parameters:
    ///   - path: The file, or `:memory:` for a database that lives in memory until the connection closes.
    ///   - busyTimeout: How long a statement waits for another connection's lock before failing with
    ///     `SQLITE_BUSY`.
    /// - Throws: ``Failure`` when the file cannot be opened (`SQLITE_CANTOPEN` for a symbolic link), and
    ///   `SQLITE_MISUSE` with the loader's message when SQLite itself cannot be (callers check
    ///   ``SQLiteProfileStore/openLibrary()`` first, to say so in the user's language).
    init(path: String, busyTimeout: Duration) throws(Failure) {
        let sqlite: csystem_sqlite
        switch SQLiteLibrary.opened {
        case .success(let library): sqlite = library.functions
        case .failure(let error): throw Failure(code: SQLITE_MISUSE, message: error.description)
        }
        self.sqlite = sqlite
        var connection: OpaquePointer?
        if path != ":memory:" { PrivateFile.create(at: path) }  // a failure shows as SQLite's, just below
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let result = sqlite.sqlite3_open_v2(path, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message =
                connection.map { String(cString: sqlite.sqlite3_errmsg($0)) }
                ?? String(cString: sqlite.sqlite3_errstr(result))
            _ = sqlite.sqlite3_close_v2(connection)
            throw Failure(code: result & 0xFF, message: message)
        }
        handle = connection
        let milliseconds =
            busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        _ = sqlite.sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        // Closes once the last statement is finalised, whatever the order of deinits.
        _ = sqlite.sqlite3_close_v2(handle)
    }

    /// Whether the connection can only read (the file is write-protected).
    var isReadOnly: Bool { sqlite.sqlite3_db_readonly(handle, "main") == 1 }

    /// Prepares a statement.
    ///
    /// - Parameter sql: One SQL statement with `?1`-style parameters.
    /// - Returns: The statement.
    /// - Throws: ``Failure`` for SQL the database cannot run (such as a missing table).
    func prepare(_ sql: String) throws(Failure) -> Statement {
        var statement: OpaquePointer?
        let result = sqlite.sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard result == SQLITE_OK, let statement else {
            _ = sqlite.sqlite3_finalize(statement)
            throw failure(result)
        }
        return Statement(handle: statement, connection: self)
    }

    /// Runs constant SQL text: the schema, pragmas, `BEGIN` and `COMMIT`. Never call it with values.
    ///
    /// - Parameter sql: One or more statements.
    /// - Throws: ``Failure`` when one fails.
    func execute(_ sql: StaticString) throws(Failure) {
        let result = sqlite.sqlite3_exec(handle, sql.description, nil, nil, nil)
        guard result == SQLITE_OK else { throw failure(result) }
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so a busy database fails at once, before any
    /// work), committing when it returns and rolling back when it throws.
    ///
    /// - Parameter body: The writes.
    /// - Returns: What `body` returns.
    /// - Throws: ``Failure`` from `BEGIN`, `body` or `COMMIT`.
    func inTransaction<Result>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = sqlite.sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    fileprivate func failure(_ result: Int32) -> Failure {
        Failure(code: result & 0xFF, message: String(cString: sqlite.sqlite3_errmsg(handle)))
    }
}
