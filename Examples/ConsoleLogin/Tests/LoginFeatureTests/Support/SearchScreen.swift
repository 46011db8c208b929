import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The inputs of the product search screen, shared by the real screen and the copy with planted bugs, so the
/// same rules check either.
@MainActor
protocol SearchScreen: ViewModel where Outputs == ProductSearchOutputs {
    func queryDidChange(_ text: String?)
    func resultDidSelect(at index: Int)
}

extension ProductSearchViewModel: SearchScreen {}
extension PlantedSearchViewModel: SearchScreen {}

/// The product search screen's rules, as an explorer's invariants: what the spinner and the availability may show;
/// and the inputs that explore it.
enum SearchRules {
    /// Every input of the search screen and every answer of its catalogue: the default exploration of the screen.
    /// The steps are written out as code that names the test case's `catalogue`, so the printed test compiles there.
    ///
    /// - Parameter catalogue: The fake catalogue of the sequence running (the test case makes one per tester).
    /// - Returns: The inputs.
    @MainActor
    static func inputs<Model: SearchScreen>(
        answering catalogue: @escaping @MainActor () -> FakeCatalogue
    ) -> [ExplorerInput<Model>] {
        [
            .call("queryDidChange(_:)", with: InputArgument(["", "tea", "te", "green", "mug", "sofa"])) {
                $0.queryDidChange($1)
            },
            .call("resultDidSelect(at:)", with: .int(in: -1...3)) { $0.resultDidSelect(at: $1) },
            // Answer only a call that has arrived, with the products of the query it asked.
            .step("catalogue.searches.respond(with: DemoProducts.matching(catalogue.searches.pendingRequests[0]))") {
                guard let query = catalogue().searches.pendingRequests.first else { return false }
                return catalogue().searches.respond(with: DemoProducts.matching(query))
            },
            .step("catalogue.searches.fail(with: .serverUnreachable)") {
                catalogue().searches.fail(with: .serverUnreachable)
            },
            .step("catalogue.availabilities.respond(with: ProductAvailability(inStock: 3, deliveryDays: 2))") {
                catalogue().availabilities.respond(with: ProductAvailability(inStock: 3, deliveryDays: 2))
            },
            .step("catalogue.availabilities.fail(with: .serverUnreachable)") {
                catalogue().availabilities.fail(with: .serverUnreachable)
            },
        ]
    }

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
