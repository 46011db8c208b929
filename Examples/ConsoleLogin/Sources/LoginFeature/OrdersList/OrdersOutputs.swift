public import PureMVVM

/// What the orders screen shows: the rows, where loading them stands (with a sentence for it), what shows below
/// the rows, and the search.
///
/// A view redraws only the rows a reload names: `outputs.changes(of: \.orders)` says which were deleted,
/// inserted, moved and updated (see `ReadOnlyOutputs.changes(of:)` in PureMVVM).
public struct OrdersOutputs: ViewOutputs {
    /// The orders shown, newest first.
    public var orders: Rows<OrderRow>
    /// Where loading the list stands: loading, loaded, empty, refreshing or failed.
    public var phase: ListPhase<OrderServiceError>
    /// The phase as a sentence, such as "Loading your orders…" or "No orders match “tea”."; `nil` once loaded.
    public var phaseText: String?
    /// What shows below the rows: more to load, a page loading, a failed page, or the end.
    public var paging: PagingPhase<OrderServiceError>
    /// The paging as a sentence, such as "Loading more orders…"; `nil` when more can be loaded, or when the
    /// list is empty (``phaseText`` then says so).
    public var pagingText: String?
    /// The search the list shows, as the service reads it (trimmed, on one line, lowercased); empty for every
    /// order.
    public var search: String
    /// Whether search text was typed that the list does not show yet: the search waits for typing to pause.
    public var isSearchPending: Bool

    /// The orders screen's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``OrdersOutputs/orders``.
        case orders
        /// ``OrdersOutputs/phase`` and ``OrdersOutputs/phaseText``.
        case phase
        /// ``OrdersOutputs/paging`` and ``OrdersOutputs/pagingText``.
        case paging
        /// ``OrdersOutputs/search``.
        case search
        /// ``OrdersOutputs/isSearchPending``.
        case isSearchPending
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: OrdersOutputs) -> Bool {
        switch field {
        case .orders: orders != old.orders
        case .phase: phase != old.phase || phaseText != old.phaseText
        case .paging: paging != old.paging || pagingText != old.pagingText
        case .search: search != old.search
        case .isSearchPending: isSearchPending != old.isSearchPending
        }
    }
}
