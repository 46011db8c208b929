/// Where a list screen is in loading its rows: what the view shows above, or instead of, the rows.
///
/// ``PagedList`` keeps it; a view shows a spinner for ``loading``, the rows for ``loaded``, an empty-state
/// message for ``empty``, the rows and a refresh indicator for ``refreshing``, and the rows (if any) with an
/// error and a retry button for ``failed(_:)``.
public enum ListPhase<Failure: Error & Equatable & Sendable>: Equatable, Sendable {
    /// The first page is loading; there are no rows yet.
    case loading
    /// The rows are shown; there is at least one.
    case loaded
    /// The list loaded, and it has no rows.
    case empty
    /// The first page is loading again (pull-to-refresh); the rows stay shown until it arrives.
    case refreshing
    /// The last load or refresh failed; the rows shown before stay shown (none if the first load failed), and
    /// ``PagedList/retry()`` tries again.
    case failed(Failure)
}

/// Where a list is in loading its next page: what the view shows below the rows.
public enum PagingPhase<Failure: Error & Equatable & Sendable>: Equatable, Sendable {
    /// More rows may come: the next page loads when the last rows appear, or on ``PagedList/loadMore()``.
    case more
    /// The next page is loading.
    case loading
    /// The next page failed; the rows stay, and ``PagedList/retry()`` asks for the same page again.
    case failed(Failure)
    /// The last page has arrived: there are no more rows.
    case endReached
}
