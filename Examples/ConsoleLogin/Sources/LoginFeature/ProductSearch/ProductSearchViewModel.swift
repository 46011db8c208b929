public import PureMVVM

/// The product search screen: a search field that asks the catalogue once typing pauses, the products found as
/// rows, and a result's availability loaded when the user opens it (a spinner on its row meanwhile, then the
/// availability under it).
///
/// ```swift
/// let search = ProductSearchViewModel(catalogue: catalogue, language: .english, clock: ContinuousClock())
/// search.delegate = searchView
/// search.queryDidChange("tea")      // after 300 ms without typing: the teas
/// search.resultDidSelect(at: 0)     // a spinner on the first tea; then its stock and delivery time
/// search.queryDidChange("")         // no results, no spinner, no availability
/// ```
///
/// The spinner and the availability belong to the results shown: when the results change (a new search's answer,
/// or the search cleared), a result no longer listed loses its spinner and its availability, and the load of its
/// availability is cancelled. Its answer could otherwise arrive later and show under a result that is gone, or
/// for an empty search: the bug of TCA's Search example, which this screen retells in its own words.
@MainActor
public final class ProductSearchViewModel: ViewModel {
    /// The search view; held weakly.
    public weak var delegate: (any ReloadDelegate<ProductSearchOutputs>)?

    /// Everything the search screen shows right now.
    public var outputs: ProductSearchOutputs { store.outputs }

    private let store = OutputStore(ProductSearchOutputs())
    private let catalogue: any CatalogueService
    private let language: Language
    private let text: SearchText
    private let searchDebounce: Debouncer
    private let search = InFlightTask<[Product], CatalogueError>()
    private let availabilityLoad = InFlightTask<ProductAvailability, CatalogueError>()

    /// Creates an empty search.
    ///
    /// - Parameters:
    ///   - catalogue: Where products and their availability come from.
    ///   - language: The words and units; Chinese by default, as the other screens.
    ///   - clock: The clock the typing pause is measured on; tests pass a manual one.
    ///   - searchDelay: How long typing must pause before the catalogue is asked; 300 ms by default.
    public init(
        catalogue: any CatalogueService, language: Language = .chinese, clock: any Clock<Duration> = ContinuousClock(),
        searchDelay: Duration = .milliseconds(300)
    ) {
        self.catalogue = catalogue
        self.language = language
        text = SearchText(language: language)
        searchDebounce = Debouncer(delay: searchDelay, clock: clock)
    }

    // MARK: Inputs

    /// The search text changed: once typing pauses for the search delay, the catalogue is asked for the products
    /// that match it. Clearing it clears the screen at once, and cancels the search and any availability loading.
    ///
    /// - Parameter text: The search field's text.
    public func queryDidChange(_ text: String?) {
        let query = Self.trimmed(text ?? "")
        guard query != outputs.query else { return }
        guard !query.isEmpty else {
            searchDebounce.cancel()
            search.cancel()
            availabilityLoad.cancel()
            store.update(notifying: delegate) { outputs in
                outputs = ProductSearchOutputs()
            }
            return
        }
        store.update(notifying: delegate) { outputs in
            outputs.query = query
            outputs.isSearching = true
        }
        searchDebounce.schedule { [weak self] in self?.searchDidSettle(query) }
    }

    /// A result was selected: loads its availability, with a spinner on its row, replacing the availability
    /// shown. Ignored for an index out of range and for the result already loading.
    ///
    /// - Parameter index: The row's position in ``ProductSearchOutputs/results``.
    public func resultDidSelect(at index: Int) {
        guard outputs.results.indices.contains(index) else { return }
        let id = outputs.results[index].id
        guard outputs.loadingResult != id else { return }
        availabilityLoad.start { [catalogue] () async throws(CatalogueError) -> ProductAvailability in
            try await catalogue.availability(of: id)
        } then: { [weak self] result in
            self?.availabilityDidArrive(result, for: id)
        }
        store.update(notifying: delegate) { $0.loadingResult = id }
    }

    // MARK: Private

    private func searchDidSettle(_ query: String) {
        search.start { [catalogue] () async throws(CatalogueError) -> [Product] in
            try await catalogue.products(matching: query)
        } then: { [weak self] result in
            self?.searchDidFinish(result, for: query)
        }
    }

    private func searchDidFinish(_ result: Result<[Product], CatalogueError>, for query: String) {
        switch result {
        case .success(let products):
            show(
                Rows(products.map { ProductResult($0, language: language) }),
                status: products.isEmpty ? text.status(noMatchFor: query) : nil)
        case .failure(.cancelled):
            return
        case .failure(let error):
            show([], status: text.searchFailed(error))
        }
    }

    /// Shows new results; a spinner or an availability of a result no longer listed goes, and so does the load.
    private func show(_ results: Rows<ProductResult>, status: String?) {
        let loading = outputs.loadingResult.flatMap { results.contains(id: $0) ? $0 : nil }
        if loading == nil { availabilityLoad.cancel() }
        store.update(notifying: delegate) { outputs in
            outputs.results = results
            outputs.isSearching = searchDebounce.isPending
            outputs.statusText = status
            outputs.loadingResult = loading
            if let detail = outputs.detail, !results.contains(id: detail.productID) { outputs.detail = nil }
        }
    }

    private func availabilityDidArrive(_ result: Result<ProductAvailability, CatalogueError>, for id: Product.ID) {
        let sentence: String
        switch result {
        case .success(let availability): sentence = text.availability(availability)
        case .failure(.cancelled): return
        case .failure(let error): sentence = text.availabilityFailed(error)
        }
        store.update(notifying: delegate) { outputs in
            outputs.loadingResult = nil
            outputs.detail = ResultDetail(productID: id, text: sentence)
        }
    }

    /// The text without white space around it.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
