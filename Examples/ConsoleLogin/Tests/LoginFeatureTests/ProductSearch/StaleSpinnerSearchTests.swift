import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The bug of TCA's Search example, planted in a copy of the product search (`PlantedSearchViewModel`): a
/// hand-written test of the real screen fails on it, naming the stale spinner; and the explorer finds it with the
/// search's rules as invariants.
@MainActor
final class StaleSpinnerSearchTests: GuardedTestCase {
    private var catalogue = FakeCatalogue()
    private let clock = ManualClock()

    private func makeStaleTester() -> ViewModelTester<PlantedSearchViewModel, ReloadSpy<ProductSearchOutputs>> {
        catalogue = FakeCatalogue()
        return ViewModelTester(
            PlantedSearchViewModel(.staleSpinner, catalogue: catalogue, clock: clock), spy: ReloadSpy())
    }

    /// The real screen's test of clearing the search mid-load (ProductSearchViewModelTests), on the planted copy:
    /// the `send` that clears the search fails, showing the spinner left on; the load is left running, and its
    /// answer shows the availability for an empty search.
    func testTheHandWrittenTestCatchesTheStaleSpinner() async throws {
        let teas = DemoProducts.matching("tea")
        var clearedAt: UInt = 0
        var pendingAfterClearing = -1
        let failures = try await FailureReporter.capture {
            let tester = makeStaleTester()
            tester.send({ $0.queryDidChange("tea") }) {
                $0.query = "tea"
                $0.isSearching = true
            }
            await clock.advance(by: .milliseconds(300))
            _ = try await catalogue.searches.next()
            catalogue.searches.respond(with: teas)
            await tester.receiveReload {
                $0.results = DemoProducts.rows(teas)
                $0.isSearching = false
            }
            tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = teas[0].id }
            _ = try await catalogue.availabilities.next()
            clearedAt = #line + 1
            tester.send({ $0.queryDidChange("") }) { $0 = ProductSearchOutputs() }
            await tester.settle()
            pendingAfterClearing = catalogue.availabilities.pendingCount
            catalogue.availabilities.respond(with: ProductAvailability(inStock: 3, deliveryDays: 2))
            await tester.receiveReload()
        }
        let failed = failures.filter { $0.severity == .failure }
        XCTAssertEqual(failed.count, 2, failed.map(\.message).joined(separator: "\n\n"))
        let cleared = failed.first?.message ?? ""
        XCTAssertTrue(cleared.contains("After `queryDidChange(\"\")`"), cleared)
        XCTAssertTrue(cleared.contains("+   loadingResult: ID(rawValue: 1)"), "the spinner stays: \(cleared)")
        XCTAssertEqual(failed.first?.location.line, clearedAt, "at the send that clears the search")
        XCTAssertEqual(pendingAfterClearing, 1, "the load goes on")
        let arrived = failed.last?.message ?? ""
        XCTAssertTrue(
            arrived.contains("+   detail: ResultDetail(productID: ID(rawValue: 1), text: \"3 in stock"),
            "the availability shows for an empty search: \(arrived)")
    }

    /// The explorer as a plain `swift test` runs it, with the search's rules as invariants and every input of the
    /// screen's own exploration (ContractExplorationTests), finds it in at least 9 seeds of 10: issue 30's bar for
    /// defaults that find bugs. Seeds 1 and 2 here (found at the 47th and 40th sequence of 100); CI's explorer check
    /// sets `PUREMVVM_FIND_RATE_SEEDS=10` for seeds 1 to 10 (all find it, from the 2nd to the 93rd sequence; without
    /// the steps drawn after a step that did nothing, 4 of them miss it). See the Performance article.
    func testTheDefaultExplorerFindsTheStaleSpinnerInNineSeedsOfTen() async {
        let seeds = UInt64(ProcessInfo.processInfo.environment["PUREMVVM_FIND_RATE_SEEDS"] ?? "") ?? 2
        var found: [UInt64] = []
        for seed in 1...max(seeds, 1) {
            let explorer = ContractExplorer(makeImmediateStaleTester, inputs: SearchRules.inputs { self.catalogue })
            SearchRules.add(to: explorer)
            explorer.seed = seed
            explorer.usesEnvironment = false
            XCTAssertEqual(explorer.runs, 100, "a plain swift test's number of sequences")
            let failures = await FailureReporter.capture { await explorer.run() }
            let message = failures.first { $0.severity == .failure }?.message ?? ""
            if message.contains("The contract explorer found a failing sequence for PlantedSearchViewModel") {
                XCTAssertTrue(message.contains("the invariant \""), "an invariant names the bug: \(message)")
                found.append(seed)
            }
        }
        print(
            "StaleSpinnerSearchTests: the default explorer found the stale spinner with seeds \(found) of 1...\(seeds)")
        XCTAssertGreaterThanOrEqual(
            Double(found.count), 0.9 * Double(seeds), "found with seeds \(found) of 1...\(seeds)")
    }

    private func makeImmediateStaleTester() -> ViewModelTester<
        PlantedSearchViewModel, ReloadSpy<ProductSearchOutputs>
    > {
        catalogue = FakeCatalogue()
        return ViewModelTester(
            PlantedSearchViewModel(.staleSpinner, catalogue: catalogue, clock: RecordingClock()), spy: ReloadSpy())
    }
}
