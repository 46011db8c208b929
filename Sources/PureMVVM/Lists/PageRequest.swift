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
