/// What is wrong with a profile source, kept as data so the home screen and `login import-profiles` say it in
/// the session's language (``description(in:)``). Text that came from a library or the system (SQLite's
/// message, an errno name) is kept as it came: the program translates its own words only.
public enum ProfileProblem: Hashable, Sendable, CustomStringConvertible {
    /// What was being done to a file when it failed.
    public enum Action: Hashable, Sendable {
        /// Opening it.
        case open
        /// Reading a profile.
        case read
        /// Saving profiles into it.
        case save
        /// Creating the profile table in a new, empty file.
        case createTable
        /// Adding the orders' tables to a file of the first schema version.
        case addOrderTables
    }

    /// Text from a library or the system, or a test's, shown as it is.
    case text(String)
    /// The profile server does not answer.
    case serverUnreachable
    /// Another program holds the file's lock; the source waited this long.
    case locked(file: String, waited: Duration)
    /// The file is read-only, so the action could not be done.
    case readOnly(file: String, action: Action)
    /// The action failed, with the library's or the system's reason (such as `EISDIR`).
    case failed(file: String, action: Action, reason: String)
    /// The file's schema is newer than this program reads; the file was left untouched.
    case newerSchema(file: String, version: Int, newest: Int)
    /// The database's header cannot be read.
    case unreadableHeader
    /// The database holds other tables than a profile store's.
    case otherTables
    /// The database belongs to another application.
    case otherApplication
    /// The database has a schema version this program does not know.
    case unknownSchemaVersion(Int)
    /// A stored profile has empty columns.
    case emptyColumns(username: String)
    /// The file is not JSON.
    case notJSON
    /// A value is wrong at a path such as `dimsky.balance` (empty: the top level).
    case badValue(at: String)
    /// A key is missing at a path.
    case missingKey(String, at: String)
    /// A value has the wrong type at a path.
    case wrongType(at: String)

    /// The problem in English; see ``description(in:)``.
    public var description: String { description(in: .english) }

    /// The problem as a clause, such as "profiles.sqlite is locked by another program (waited 200 ms)".
    ///
    /// - Parameter language: The language of the program's own words.
    /// - Returns: The clause, without a final full stop.
    public func description(in language: Language) -> String {
        switch (self, language) {
        case (.text(let text), _): text
        case (.serverUnreachable, .english): "the profile server cannot be reached"
        case (.serverUnreachable, .chinese): "无法连接资料服务器"
        case (.locked(let file, let waited), .english):
            "\(file) is locked by another program (waited \(Self.milliseconds(waited)) ms)"
        case (.locked(let file, let waited), .chinese): "\(file) 被其他程序锁定（已等待 \(Self.milliseconds(waited)) 毫秒）"
        case (.readOnly(let file, let action), .english): "cannot \(action.phrase(file, language)): it is read-only"
        case (.readOnly(let file, let action), .chinese): "无法\(action.phrase(file, language))：文件只读"
        case (.failed(let file, let action, let reason), .english): "cannot \(action.phrase(file, language)): \(reason)"
        case (.failed(let file, let action, let reason), .chinese): "无法\(action.phrase(file, language))：\(reason)"
        case (.newerSchema(let file, let version, let newest), .english):
            "\(file) has schema version \(version), newer than this login reads (\(newest)); it was left untouched"
        case (.newerSchema(let file, let version, let newest), .chinese):
            "\(file) 的结构版本为 \(version)，高于本程序能读取的版本（\(newest)）；文件未被改动"
        case (.unreadableHeader, .english): "its header is unreadable"
        case (.unreadableHeader, .chinese): "无法读取文件头"
        case (.otherTables, .english): "it holds other tables"
        case (.otherTables, .chinese): "其中是其他数据表"
        case (.otherApplication, .english): "it is another application's database"
        case (.otherApplication, .chinese): "这是其他应用程序的数据库"
        case (.unknownSchemaVersion(let version), .english): "its schema version \(version) is unknown"
        case (.unknownSchemaVersion(let version), .chinese): "结构版本 \(version) 无法识别"
        case (.emptyColumns(let username), .english): "the profile of \(username) has empty columns"
        case (.emptyColumns(let username), .chinese): "\(username) 的资料有空字段"
        case (.notJSON, .english): "not JSON"
        case (.notJSON, .chinese): "不是 JSON"
        case (.badValue(let path), .english): "bad value at \(Self.place(path, language))"
        case (.badValue(let path), .chinese): "\(Self.place(path, language))的值无效"
        case (.missingKey(let key, let path), .english): "missing \"\(key)\" at \(Self.place(path, language))"
        case (.missingKey(let key, let path), .chinese): "\(Self.place(path, language))缺少 \"\(key)\""
        case (.wrongType(let path), .english): "wrong type at \(Self.place(path, language))"
        case (.wrongType(let path), .chinese): "\(Self.place(path, language))的类型错误"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// A place in a JSON file: its path, or the top level.
    private static func place(_ path: String, _ language: Language) -> String {
        switch (path.isEmpty, language) {
        case (true, .english): "the top level"
        case (true, .chinese): "顶层"
        case (false, .english): path
        case (false, .chinese): path + " 处"
        }
    }
}

extension ProfileProblem.Action {
    /// The action on a file, as it follows "cannot" or "无法".
    fileprivate func phrase(_ file: String, _ language: Language) -> String {
        switch (self, language) {
        case (.open, .english): "open \(file)"
        case (.open, .chinese): "打开 \(file)"
        case (.read, .english): "read \(file)"
        case (.read, .chinese): "读取 \(file)"
        case (.save, .english): "save into \(file)"
        case (.save, .chinese): "保存到 \(file)"
        case (.createTable, .english): "create the profile table in \(file)"
        case (.createTable, .chinese): "在 \(file) 中创建资料表"
        case (.addOrderTables, .english): "add the orders' tables to \(file)"
        case (.addOrderTables, .chinese): "在 \(file) 中添加订单表"
        }
    }
}
