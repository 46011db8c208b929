import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The inputs of the product search screen, shared by the real screen and the copy with the planted bug, so one
/// exploration and one hand-written test drive either.
@MainActor
protocol SearchScreen: ViewModel where Outputs == ProductSearchOutputs {
    func queryDidChange(_ text: String?)
    func resultDidSelect(at index: Int)
}

extension ProductSearchViewModel: SearchScreen {}
extension StaleSpinnerSearchViewModel: SearchScreen {}

/// The product search screen's inputs for an explorer: typing a few searches (and clearing it), opening a result,
/// and the fake catalogue answering.
enum SearchInputs {
    /// The inputs, on the catalogue the current sequence uses.
    ///
    /// - Parameters:
    ///   - catalogue: The fake catalogue of the sequence running.
    ///   - waits: Whether to add a step that does nothing but lets the catalogue's calls arrive. Today's explorer
    ///     (issue 30) takes a turn through the global executor only after a step that did something, and a call
    ///     the toolkit's `Debouncer` and `InFlightTask` start reaches a fake only after such a turn (5 turns, one
    ///     of them global, in a probe): without it, the catalogue is asked only at a sequence's end, and the
    ///     steps that answer it find nothing to answer.
    @MainActor
    static func all<Model: SearchScreen>(
        _ catalogue: @escaping @MainActor () -> FakeCatalogue, waits: Bool = true
    ) -> [ExplorerInput<Model>] {
        let wait: [ExplorerInput<Model>] = [.step("// the catalogue's calls arrive") { true }]
        return (waits ? wait : []) + [
            .call("queryDidChange(_:)", with: InputArgument(["", "tea", "te", "green", "mug", "sofa"])) {
                $0.queryDidChange($1)
            },
            .call("resultDidSelect(at:)", with: .int(in: -1...3)) { $0.resultDidSelect(at: $1) },
            // Answer only a call that has arrived, with the products of the query it asked.
            .step("catalogue.searches.respond(with: DemoProducts.matching(<the query asked>))") {
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
}

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
