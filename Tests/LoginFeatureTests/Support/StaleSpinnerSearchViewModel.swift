import PureMVVM

@testable import LoginFeature

/// `ProductSearchViewModel` with the bug of TCA's Search example planted, for the tests that must catch it: clearing
/// the search clears the results and the availability shown, but neither cancels the availability loading nor
/// takes its spinner away, and new results keep a spinner or an availability of a result no longer listed. So the
/// spinner stays on a result that is gone, and when the availability arrives it shows for an empty search.
///
/// A copy of the real screen with those two steps left out (the real one stays free of test switches); keep the
/// rest as the real one is.
@MainActor
final class StaleSpinnerSearchViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<ProductSearchOutputs>)?
    var outputs: ProductSearchOutputs { store.outputs }

    private let store = OutputStore(ProductSearchOutputs())
    private let catalogue: any CatalogueService
    private let text = SearchText(language: .english)
    private let searchDebounce: Debouncer
    private let search = InFlightTask<[Product], CatalogueError>()
    private let availabilityLoad = InFlightTask<ProductAvailability, CatalogueError>()

    init(catalogue: any CatalogueService, clock: any Clock<Duration>) {
        self.catalogue = catalogue
        searchDebounce = Debouncer(delay: .milliseconds(300), clock: clock)
    }

    func queryDidChange(_ text: String?) {
        let query = (text ?? "").trimmingWhitespace
        guard query != outputs.query else { return }
        guard !query.isEmpty else {
            searchDebounce.cancel()
            search.cancel()
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
        store.update(notifying: delegate) { outputs in
            outputs.query = query
            outputs.isSearching = true
        }
        searchDebounce.schedule { [weak self] in self?.searchDidSettle(query) }
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
        // The bug again: a spinner or an availability of a result no longer listed stays.
        store.update(notifying: delegate) { outputs in
            outputs.results = results
            outputs.isSearching = searchDebounce.isPending
            outputs.statusText = status
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
