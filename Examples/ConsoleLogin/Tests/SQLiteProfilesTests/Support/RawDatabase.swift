import CSystemLibraries
import XCTest

/// Another program's connection to a database file, straight through SQLite's C interface: it sets up files
/// (another schema version, another application's tables) and holds locks while the code under test runs.
final class RawDatabase {
    private var handle: OpaquePointer?
    private let sqlite: csystem_sqlite

    init(path: String) throws {
        guard let sqlite = csystem_open_sqlite()?.pointee else {
            throw TestSetupError("cannot open SQLite: \(String(cString: csystem_open_error()))")
        }
        self.sqlite = sqlite
        guard sqlite.sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            defer { _ = sqlite.sqlite3_close_v2(handle) }
            throw TestSetupError("cannot open \(path): \(String(cString: sqlite.sqlite3_errmsg(handle)))")
        }
    }

    deinit {
        _ = sqlite.sqlite3_close_v2(handle)
    }

    /// Runs constant SQL.
    func execute(_ sql: String) throws {
        guard sqlite.sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw TestSetupError("\(sql): \(String(cString: sqlite.sqlite3_errmsg(handle)))")
        }
    }

    /// The first column of the first row of a query, as an integer.
    func integer(_ sql: String) throws -> Int {
        var statement: OpaquePointer?
        guard sqlite.sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw TestSetupError("\(sql): \(String(cString: sqlite.sqlite3_errmsg(handle)))")
        }
        defer { _ = sqlite.sqlite3_finalize(statement) }
        guard sqlite.sqlite3_step(statement) == SQLITE_ROW else {
            throw TestSetupError("\(sql): no row: \(String(cString: sqlite.sqlite3_errmsg(handle)))")
        }
        return Int(sqlite.sqlite3_column_int64(statement, 0))
    }
}

/// A problem in a test's set-up: thrown, it fails the test with its message.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
