import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The inputs of the product search screen, shared by the real screen and the copy with the planted bug, so the
/// same rules check either.
@MainActor
protocol SearchScreen: ViewModel where Outputs == ProductSearchOutputs {
    func queryDidChange(_ text: String?)
    func resultDidSelect(at index: Int)
}

extension ProductSearchViewModel: SearchScreen {}
extension StaleSpinnerSearchViewModel: SearchScreen {}

/// The product search screen's rules, as an explorer's invariants: what the spinner and the availability may show.
enum SearchRules {
    /// Adds the rules to an explorer of either search screen.
    @MainActor
    static func add<Model: SearchScreen>(to explorer: ContractExplorer<Model, ReloadSpy<ProductSearchOutputs>>) {
        explorer.invariant("a spinner only on a listed row") { outputs in
            outputs.loadingResult.map { outputs.results.contains(id: $0) } ?? true
        }
        explorer.invariant("an availability only under a listed row") { outputs in
            outputs.detail.map { outputs.results.contains(id: $0.productID) } ?? true
        }
        explorer.invariant("no results, spinner or availability for an empty search") { outputs in
            !outputs.query.isEmpty || (outputs.results.isEmpty && outputs.loadingResult == nil && outputs.detail == nil)
        }
    }
}
