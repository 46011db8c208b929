public import PureMVVM

/// What the product search screen shows: the search, its results, a spinner on the result whose availability is
/// loading, and the availability of the result opened last.
///
/// A view draws the spinner on the row whose ID is ``loadingResult`` and the detail under the row of
/// ``detail``'s product; both are always rows of ``results``, and neither shows for an empty ``query``.
public struct ProductSearchOutputs: ViewOutputs {
    /// The search as typed, trimmed; empty when there is none.
    public var query: String
    /// The products found for the search, best first.
    public var results: Rows<ProductResult>
    /// Whether a search waits for typing to pause, or for the catalogue's answer.
    public var isSearching: Bool
    /// A sentence under the search field when there are no results to show: none matched, or the search failed.
    public var statusText: String?
    /// The result whose availability is loading (its row shows a spinner); `nil` when none is.
    public var loadingResult: Product.ID?
    /// The availability of the result opened last, under its row; `nil` when none shows.
    public var detail: ResultDetail?

    /// Creates the screen's outputs: by default an empty search.
    ///
    /// - Parameters:
    ///   - query: The search, trimmed.
    ///   - results: The products found.
    ///   - isSearching: Whether a search is on its way.
    ///   - statusText: The sentence when there are no results to show.
    ///   - loadingResult: The result whose availability is loading.
    ///   - detail: The availability shown.
    public init(
        query: String = "", results: Rows<ProductResult> = [], isSearching: Bool = false, statusText: String? = nil,
        loadingResult: Product.ID? = nil, detail: ResultDetail? = nil
    ) {
        self.query = query
        self.results = results
        self.isSearching = isSearching
        self.statusText = statusText
        self.loadingResult = loadingResult
        self.detail = detail
    }

    /// The screen's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``ProductSearchOutputs/query``.
        case query
        /// ``ProductSearchOutputs/results``.
        case results
        /// ``ProductSearchOutputs/isSearching``.
        case isSearching
        /// ``ProductSearchOutputs/statusText``.
        case statusText
        /// ``ProductSearchOutputs/loadingResult``.
        case loadingResult
        /// ``ProductSearchOutputs/detail``.
        case detail
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: ProductSearchOutputs) -> Bool {
        switch field {
        case .query: query != old.query
        case .results: results != old.results
        case .isSearching: isSearching != old.isSearching
        case .statusText: statusText != old.statusText
        case .loadingResult: loadingResult != old.loadingResult
        case .detail: detail != old.detail
        }
    }
}
