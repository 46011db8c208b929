/// Why an ``OrderService`` could not do what was asked, with a sentence for the screen in each ``Language``.
///
/// ```swift
/// catch .notCancellable(let order) {
///     // order.status is .shipped, say: the row shows the order as it is now
///     error.description(in: .chinese)   // "订单 PM202506180095 无法取消：订单已发货。"
/// }
/// ```
public enum OrderServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The user has no order with this ID (it never existed, or belongs to someone else).
    case notFound(Order.ID)
    /// The order's status does not allow cancelling it: the order as it is now.
    case notCancellable(Order)
    /// The order server did not answer; trying again may work.
    case serverUnreachable
    /// The order database cannot be used: its file's name and what is wrong with it.
    case storeUnavailable(file: String, problem: StoreProblem)
    /// The calling task was cancelled: the screen is gone, and nothing is shown.
    case cancelled

    /// What is wrong with an order database file.
    public enum StoreProblem: Hashable, Sendable {
        /// Another program holds a lock on it for longer than the wait allowed.
        case locked(waited: Duration)
        /// It cannot be written (its mode or its folder's), and a change was asked for.
        case readOnly
        /// It is not an SQLite database, or it is damaged.
        case notADatabase
        /// It is an SQLite database holding another program's tables.
        case otherTables
        /// It is another application's SQLite database (another application id).
        case otherApplication
        /// It has a newer schema version than this build reads; it is left untouched.
        case newerVersion(Int, supported: Int)
        /// Its schema version is not one this build knows.
        case unknownVersion(Int)
        /// An order in it cannot be read (an impossible date, status or amount).
        case damagedOrder(Order.ID)
        /// Another failure, in SQLite's words, such as `unable to open database file`.
        case sqlite(String)
    }

    /// The sentence in English.
    public var description: String { description(in: .english) }

    /// The sentence for the screen.
    ///
    /// - Parameter language: The language.
    /// - Returns: One sentence, such as `The order server cannot be reached. Try again.`
    public func description(in language: Language) -> String {
        OrderText(language: language).sentence(for: self)
    }
}
