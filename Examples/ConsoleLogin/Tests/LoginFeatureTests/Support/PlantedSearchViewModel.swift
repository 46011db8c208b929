import PureMVVM

@testable import LoginFeature

/// A bug planted in ``PlantedSearchViewModel``, a copy of the product search, for the tests that must catch it.
enum PlantedSearchBug {
    /// The bug of TCA's Search example: clearing the search clears the results and the availability shown, but
    /// neither cancels the availability loading nor takes its spinner away, and new results keep a spinner or an
    /// availability of a result no longer listed. So the spinner stays on a result that is gone, and when the
    /// availability arrives it shows for an empty search.
    case staleSpinner
    /// A debounce that does not debounce: each keystroke waits out the pause in a task of its own, which no later
    /// keystroke cancels, and then asks the catalogue itself. So every keystroke asks the catalogue, and the
    /// searches wait side by side.
    case searchOnEveryKeystroke
}

/// `ProductSearchViewModel` with one bug planted (``PlantedSearchBug``), chosen when it is made.
///
/// A copy of the real screen, so that the real one stays free of test switches; apart from the bug's steps, keep
/// it as the real one is.
@MainActor
final class PlantedSearchViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ProductSearchOutputs>)?
    var outputs: ProductSearchOutputs { store.outputs }

    private let bug: PlantedSearchBug
    private let store = OutputStore(ProductSearchOutputs())
    private let catalogue: any CatalogueService
    private let clock: any Clock<Duration>
    private let text = SearchText(language: .english)
    private let searchDebounce: Debouncer
    private let search = InFlightTask<[Product], CatalogueError>()
    /// ``PlantedSearchBug/searchOnEveryKeystroke``'s searches, one per keystroke.
    private var keystrokeSearches: [InFlightTask<[Product], CatalogueError>] = []
    private let availabilityLoad = InFlightTask<ProductAvailability, CatalogueError>()

    init(_ bug: PlantedSearchBug, catalogue: any CatalogueService, clock: any Clock<Duration>) {
        self.bug = bug
        self.catalogue = catalogue
        self.clock = clock
        searchDebounce = Debouncer(delay: .milliseconds(300), clock: clock)
    }

    func queryDidChange(_ text: String?) {
        let query = (text ?? "").trimmingWhitespace
        guard query != outputs.query else { return }
        guard !query.isEmpty else {
            searchDebounce.cancel()
            search.cancel()
            keystrokeSearches.forEach { $0.cancel() }
            keystrokeSearches = []
            if bug == .staleSpinner {
                // The bug: the availability load goes on, and its spinner stays.
                store.update(notifying: delegate) { outputs in
                    outputs.query = ""
                    outputs.results = []
                    outputs.isSearching = false
                    outputs.statusText = nil
                    outputs.detail = nil
                }
                return
            }
            availabilityLoad.cancel()
            store.update(notifying: delegate) { $0 = ProductSearchOutputs() }
            return
        }
        store.update(notifying: delegate) { outputs in
            outputs.query = query
            outputs.isSearching = true
        }
        guard bug == .searchOnEveryKeystroke else {
            searchDebounce.schedule { [weak self] in self?.searchDidSettle(query) }
            return
        }
        // The bug: a pause and a search of this keystroke's own, which the next keystroke leaves running.
        let keystrokeSearch = InFlightTask<[Product], CatalogueError>()
        keystrokeSearches.append(keystrokeSearch)
        keystrokeSearch.start { [catalogue, clock] () async throws(CatalogueError) -> [Product] in
            do {
                try await clock.sleep(for: .milliseconds(300))
            } catch {
                throw .cancelled
            }
            return try await catalogue.products(matching: query)
        } then: { [weak self] result in
            self?.searchDidFinish(result, for: query)
        }
    }

    func resultDidSelect(at index: Int) {
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

    private func searchDidSettle(_ query: String) {
        search.start { [catalogue] () async throws(CatalogueError) -> [Product] in
            try await catalogue.products(matching: query)
        } then: { [weak self] result in
            self?.searchDidFinish(result, for: query)
        }
    }

    private func searchDidFinish(_ result: Result<[Product], CatalogueError>, for query: String) {
        let results: Rows<ProductResult>
        let status: String?
        switch result {
        case .success(let products):
            results = Rows(products.map { ProductResult($0, language: .english) })
            status = products.isEmpty ? text.status(noMatchFor: query) : nil
        case .failure(.cancelled):
            return
        case .failure(let error):
            results = []
            status = text.searchFailed(error)
        }
        // The stale spinner again: a spinner or an availability of a result no longer listed stays.
        let keepsStale = bug == .staleSpinner
        let loading = outputs.loadingResult.flatMap { keepsStale || results.contains(id: $0) ? $0 : nil }
        if loading == nil { availabilityLoad.cancel() }
        store.update(notifying: delegate) { outputs in
            outputs.results = results
            outputs.isSearching = searchDebounce.isPending
            outputs.statusText = status
            outputs.loadingResult = loading
            if !keepsStale, let detail = outputs.detail, !results.contains(id: detail.productID) {
                outputs.detail = nil
            }
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
}

extension String {
    /// The text without white space around it.
    fileprivate var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
