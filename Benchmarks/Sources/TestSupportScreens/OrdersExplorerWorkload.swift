internal import BenchKit
internal import LoginFeature
internal import PureMVVM
internal import PureMVVMTesting

/// A contract explorer over the orders list, as the orders exploration runs one: each event is one random sequence
/// of up to 12 steps (the screen appearing, a pull to refresh, more, a row appearing, a search typed, a row's
/// cancel button, an order selected) on a list of up to the demo's 25 orders, each step sent through
/// `ViewModelTester` with the contract and the rows checked, turns of the main actor and of the global executor
/// until the service's answer has come, and two invariants. The service answers at once (``DemoOrderAnswers``);
/// searches run without a pause. The unit is a step: the workload counts the steps it ran, as the number depends on
/// the seeded sequences.
///
/// The checksum folds, per sequence, whether every step held the invariants (rows newest first, once each; every
/// row matches the search shown), computed from the demo's orders, not from the ViewModel. A failing sequence would
/// also be shrunk, which makes more sequences than events and so another checksum.
@MainActor
final class OrdersExplorerWorkload: EventWorkload {
    private var sequences = 0
    private var steps = 0
    private var held = true
    private var checksum = Checksum()
    private static let positions = Dictionary(
        uniqueKeysWithValues: DemoOrderAnswers.orders.enumerated().map { ($1.id, $0) })
    private static let searches = ["", "tea", " TEA ", "茶", "none"]

    init() {
        DemoOrderAnswers.workOutPages(of: Self.searches, for: "dimsky")
    }

    func run(events count: Int) {
        let explorer = ContractExplorer(
            { [unowned self] in makeTester() },
            inputs: [
                .call("viewDidAppear()") { [unowned self] in step($0.viewDidAppear()) },
                .call("refreshDidPull()") { [unowned self] in step($0.refreshDidPull()) },
                .call("moreButtonDidTap()") { [unowned self] in step($0.moreButtonDidTap()) },
                .call("rowDidAppear(at:)", with: .int(in: 0...30)) { [unowned self] in step($0.rowDidAppear(at: $1)) },
                .call("searchTextDidChange(_:)", with: InputArgument(Self.searches)) {
                    [unowned self] in step($0.searchTextDidChange($1))
                },
                .call("orderDidSelect(at:)", with: .int(in: -1...12)) { [unowned self] in
                    step($0.orderDidSelect(at: $1))
                },
                .call("rowViewModel(at:).cancelButtonDidTap()", with: .int(in: 0...7)) { [unowned self] orders, index in
                    guard index < orders.outputs.orders.count else { return step(()) }
                    step(orders.rowViewModel(at: index).cancelButtonDidTap())
                },
            ])
        explorer.seed = 20_260_101
        explorer.runs = count
        explorer.invariant("orders are shown newest first, once each") { [unowned self] outputs in
            let shown = outputs.orders.compactMap { Self.positions[$0.id] }
            return hold(shown.count == outputs.orders.count && zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 })
        }
        explorer.invariant("every row matches the search shown") { [unowned self] outputs in
            let matching = matches(of: outputs.search)
            return hold(outputs.orders.allSatisfy { matching.contains($0.id) })
        }
        ExplorerRuns.runQuietly { await explorer.run() }
        finishSequence()
    }

    /// The sequences run, whether each held the invariants, and the steps run.
    var outcome: Outcome { Outcome(checksum: checksum.value, renders: steps) }

    /// What a fresh workload must show after a number of sequences: each held the invariants.
    ///
    /// - Parameter count: The sequences.
    /// - Returns: The checksum; the steps are counted by the run.
    nonisolated static func expected(events count: Int) -> Outcome {
        ExplorerRuns.expected(sequences: count)
    }

    /// The orders a search matches, worked out once per search, so that the benchmark measures the explorer, not
    /// the demo's search.
    private var matching: [String: Set<Order.ID>] = [:]

    private func matches(of search: String) -> Set<Order.ID> {
        if let known = matching[search] { return known }
        let query = OrderQuery(username: "dimsky", search: search)
        let found = Set(DemoOrderAnswers.orders.filter(query.matches).map(\.id))
        matching[search] = found
        return found
    }

    /// Counts a step the explorer sent.
    private func step(_: Void) {
        steps += 1
    }

    /// Notes whether an invariant held, and answers it to the explorer.
    private func hold(_ holds: Bool) -> Bool {
        held = held && holds
        return holds
    }

    private func makeTester() -> ViewModelTester<OrdersViewModel, OrdersTestSpy> {
        finishSequence()
        sequences += 1
        held = true
        let orders = OrdersViewModel(
            user: User(name: "dimsky"), service: DemoOrderAnswers(), language: .english, searchDelay: .zero)
        return ViewModelTester(orders, spy: OrdersTestSpy())
    }

    /// Folds whether the sequence that ended held the invariants.
    private func finishSequence() {
        guard sequences > 0 else { return }
        checksum.add(held ? 1 : 0)
    }
}
