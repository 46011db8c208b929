/// A page a ``PagedList`` asks its ViewModel to load: which page, and why.
///
/// The ViewModel passes ``cursor`` to its service, and hands the answer back to the list with the same request
/// (``PagedList/receive(_:for:)`` or ``PagedList/fail(_:for:)``), which drops answers to requests it no longer
/// waits for.
public struct PageRequest<Cursor: Equatable & Sendable>: Equatable, Sendable {
    /// Why the page is asked for.
    public enum Kind: Equatable, Sendable {
        /// The first load of the list.
        case first
        /// The first page again, replacing the rows (pull-to-refresh).
        case refresh
        /// The page after the rows shown.
        case next
    }

    /// Why the page is asked for.
    public let kind: Kind
    /// Which page to load: the list's first cursor for ``Kind/first`` and ``Kind/refresh``, the cursor the last
    /// page gave for ``Kind/next``.
    public let cursor: Cursor
    /// Tells this request from earlier ones with the same cursor.
    let number: Int
}

/// One page of rows, as a service returns it: the rows, and the cursor of the page after it.
public struct Page<Row, Cursor> {
    /// The page's rows, in order.
    public var rows: [Row]
    /// The cursor of the next page, or `nil` when this is the last page.
    public var next: Cursor?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - rows: The page's rows, in order.
    ///   - next: The cursor of the next page, or `nil` when this is the last page.
    public init(rows: [Row], next: Cursor?) {
        self.rows = rows
        self.next = next
    }
}

extension Page: Sendable where Row: Sendable, Cursor: Sendable {}
extension Page: Equatable where Row: Equatable, Cursor: Equatable {}
