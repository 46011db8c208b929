import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The product search screen: a search once typing pauses (on a manual clock), its results, and a result's
/// availability with a spinner on its row meanwhile; the spinner and the availability belong to the results shown,
/// so clearing or changing the search cancels the load of a result no longer listed (TCA's Search example lets it
/// run: `StaleSpinnerSearchTests` shows these tests catch that).
@MainActor
final class ProductSearchViewModelTests: GuardedTestCase {
    typealias Tester = ViewModelTester<ProductSearchViewModel, ReloadSpy<ProductSearchOutputs>>

    private let catalogue = FakeCatalogue()
    private let clock = ManualClock()
    private let teas = DemoProducts.matching("tea")

    private func makeTester(language: Language = .english) -> Tester {
        ViewModelTester(
            ProductSearchViewModel(catalogue: catalogue, language: language, clock: clock), spy: ReloadSpy())
    }

    /// Types a search, lets typing pause, and answers the search with the demo's products that match it.
    private func search(
        _ query: String, in tester: Tester, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        tester.send("types \(query)", { $0.queryDidChange(query) }) {
            $0.query = query
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        let asked = try await catalogue.searches.next()
        XCTAssertEqual(asked, query, file: file, line: line)
        catalogue.searches.respond(with: DemoProducts.matching(query))
        await tester.receiveReload {
            $0.results = DemoProducts.rows(DemoProducts.matching(query))
            $0.isSearching = false
            $0.statusText = DemoProducts.matching(query).isEmpty ? "No products match “\(query)”." : nil
        }
    }

    func testTheCatalogueIsAskedOnceTypingPauses() async throws {
        let tester = makeTester()
        tester.send({ $0.queryDidChange("t") }) {
            $0.query = "t"
            $0.isSearching = true
        }
        tester.send({ $0.queryDidChange(" te") }) { $0.query = "te" }
        tester.send({ $0.queryDidChange("tea ") }) { $0.query = "tea" }
        tester.send { $0.queryDidChange(" tea") }  // the same search
        await clock.advance(by: .milliseconds(299))
        XCTAssertEqual(catalogue.searches.requests, [], "typing has not paused long enough")
        await clock.advance(by: .milliseconds(1))
        let asked = try await catalogue.searches.next()
        XCTAssertEqual(asked, "tea")
        catalogue.searches.respond(with: teas)
        await tester.receiveReload {
            $0.results = DemoProducts.rows(self.teas)
            $0.isSearching = false
        }
        tester.send { $0.queryDidChange("tea") }  // the search shown: nothing to do
        await clock.advance(by: .milliseconds(300))
        XCTAssertEqual(catalogue.searches.requests, ["tea"], "once")
        XCTAssertEqual(
            tester.viewModel.outputs.results.map(\.name), ["Longjing green tea", "Yunnan pu'er tea cake", "Tea set"])
        XCTAssertEqual(tester.viewModel.outputs.results[0].price, "68.00 yuan")
    }

    func testResultsThatArriveWhileTheUserTypesOnShowWithTheNextSearchPending() async throws {
        let tester = makeTester()
        tester.send({ $0.queryDidChange("tea") }) {
            $0.query = "tea"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        _ = try await catalogue.searches.next()
        tester.send({ $0.queryDidChange("tea set") }) { $0.query = "tea set" }
        catalogue.searches.respond(with: teas)
        await tester.receiveReload { $0.results = DemoProducts.rows(self.teas) }  // still searching
        await clock.advance(by: .milliseconds(300))
        let asked = try await catalogue.searches.next()
        XCTAssertEqual(asked, "tea set")
        catalogue.searches.respond(with: DemoProducts.matching("tea set"))
        await tester.receiveReload {
            $0.results = DemoProducts.rows(DemoProducts.matching("tea set"))
            $0.isSearching = false
        }
    }

    func testASearchThatFindsNothingOrFailsSaysSo() async throws {
        let tester = makeTester()
        try await search("tea", in: tester)
        try await search("sofa", in: tester)
        tester.send({ $0.queryDidChange("mug") }) {
            $0.query = "mug"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        _ = try await catalogue.searches.next()
        catalogue.searches.fail(with: .serverUnreachable)
        await tester.receiveReload {
            $0.isSearching = false
            $0.statusText = "The products could not be searched. The catalogue server cannot be reached. Try again."
        }
    }

    func testAnOpenedResultShowsASpinnerThenItsAvailability() async throws {
        let tester = makeTester()
        try await search("tea", in: tester)
        tester.send({ $0.resultDidSelect(at: 1) }) { $0.loadingResult = self.teas[1].id }
        let asked = try await catalogue.availabilities.next()
        XCTAssertEqual(asked, teas[1].id)
        tester.send { $0.resultDidSelect(at: 1) }  // loading already
        tester.send { $0.resultDidSelect(at: 3) }  // no such row
        tester.send { $0.resultDidSelect(at: -1) }
        await tester.settle()
        XCTAssertEqual(catalogue.availabilities.requests, [teas[1].id], "asked once")
        catalogue.availabilities.respond(with: ProductAvailability(inStock: 12, deliveryDays: 2))
        await tester.receiveReload {
            $0.loadingResult = nil
            $0.detail = ResultDetail(productID: self.teas[1].id, text: "12 in stock, delivered in 2 days.")
        }
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = self.teas[0].id }
        _ = try await catalogue.availabilities.next()
        catalogue.availabilities.fail(with: .serverUnreachable)
        await tester.receiveReload {
            $0.loadingResult = nil
            $0.detail = ResultDetail(
                productID: self.teas[0].id,
                text: "The stock could not be loaded. The catalogue server cannot be reached. Try again.")
        }
    }

    func testOpeningAnotherResultCancelsTheFirstLoad() async throws {
        let tester = makeTester()
        try await search("tea", in: tester)
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = self.teas[0].id }
        _ = try await catalogue.availabilities.next()
        tester.send({ $0.resultDidSelect(at: 2) }) { $0.loadingResult = self.teas[2].id }
        _ = try await catalogue.availabilities.next()
        XCTAssertEqual(catalogue.availabilities.history.map { "\($0.outcome)" }, ["cancelled", "waiting"])
        catalogue.availabilities.respond(with: ProductAvailability(inStock: 0, deliveryDays: 5))
        await tester.receiveReload {
            $0.loadingResult = nil
            $0.detail = ResultDetail(productID: self.teas[2].id, text: "Out of stock.")
        }
    }

    /// TCA's Search example keeps the spinner here, and shows the forecast for an empty search when it arrives.
    func testClearingTheSearchWhileAnAvailabilityLoadsCancelsItAndClearsTheScreen() async throws {
        let tester = makeTester()
        try await search("tea", in: tester)
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = self.teas[0].id }
        _ = try await catalogue.availabilities.next()
        tester.send({ $0.queryDidChange("") }) { $0 = ProductSearchOutputs() }
        await tester.settle()
        XCTAssertEqual(catalogue.availabilities.pendingCount, 0)
        XCTAssertEqual(catalogue.availabilities.history.map { "\($0.outcome)" }, ["cancelled"])
    }

    func testANewSearchKeepsTheLoadOfAResultStillListedAndCancelsOneThatIsGone() async throws {
        let tester = makeTester()
        try await search("tea", in: tester)
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = self.teas[0].id }  // Longjing green tea
        _ = try await catalogue.availabilities.next()
        try await search("green", in: tester)  // still listed: still loading
        XCTAssertEqual(tester.viewModel.outputs.loadingResult, teas[0].id)
        catalogue.availabilities.respond(with: ProductAvailability(inStock: 1, deliveryDays: 1))
        await tester.receiveReload {
            $0.loadingResult = nil
            $0.detail = ResultDetail(productID: self.teas[0].id, text: "1 in stock, delivered in 1 day.")
        }
        tester.send({ $0.queryDidChange("mug") }) {
            $0.query = "mug"; $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        _ = try await catalogue.searches.next()
        catalogue.searches.respond(with: DemoProducts.matching("mug"))
        await tester.receiveReload {
            $0.results = DemoProducts.rows(DemoProducts.matching("mug"))
            $0.isSearching = false
            $0.detail = nil  // its result is gone
        }
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = DemoProducts.all[3].id }
        _ = try await catalogue.availabilities.next()
        tester.send({ $0.queryDidChange("flask") }) {
            $0.query = "flask"; $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        _ = try await catalogue.searches.next()
        catalogue.searches.respond(with: DemoProducts.matching("flask"))
        await tester.receiveReload {
            $0.results = DemoProducts.rows(DemoProducts.matching("flask"))
            $0.isSearching = false
            $0.loadingResult = nil  // the mug is gone: its load is cancelled
        }
        await tester.settle()
        XCTAssertEqual(catalogue.availabilities.pendingCount, 0)
    }

    func testTheWordsFollowTheScreensLanguage() async throws {
        let tester = makeTester(language: .chinese)
        tester.send({ $0.queryDidChange("茶") }) {
            $0.query = "茶"
            $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        _ = try await catalogue.searches.next()
        catalogue.searches.respond(with: [DemoProducts.all[0]])
        await tester.receiveReload {
            $0.results = [ProductResult(DemoProducts.all[0], language: .chinese)]
            $0.isSearching = false
        }
        XCTAssertEqual(tester.viewModel.outputs.results[0].name, "龙井绿茶")
        XCTAssertEqual(tester.viewModel.outputs.results[0].price, "68.00元")
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = DemoProducts.all[0].id }
        _ = try await catalogue.availabilities.next()
        catalogue.availabilities.respond(with: ProductAvailability(inStock: 3, deliveryDays: 2))
        await tester.receiveReload {
            $0.loadingResult = nil
            $0.detail = ResultDetail(productID: DemoProducts.all[0].id, text: "有货 3 件，2 天送达。")
        }
        tester.send({ $0.queryDidChange("沙发") }) {
            $0.query = "沙发"; $0.isSearching = true
        }
        await clock.advance(by: .milliseconds(300))
        _ = try await catalogue.searches.next()
        catalogue.searches.fail(with: .serverUnreachable)
        await tester.receiveReload {
            $0.results = []
            $0.isSearching = false
            $0.statusText = "无法搜索商品。无法连接商品服务器，请重试。"
            $0.detail = nil
        }
    }

    /// Freed mid-load and mid-pause, the screen cancels both: the tester's end finds no work left waiting.
    func testTheScreenIsFreedWithItsWork() async throws {
        let tester = makeTester()
        trackForLeaks(tester.viewModel)
        try await search("tea", in: tester)
        tester.send({ $0.resultDidSelect(at: 0) }) { $0.loadingResult = self.teas[0].id }
        tester.send({ $0.queryDidChange("mug") }) {
            $0.query = "mug"; $0.isSearching = true
        }
        _ = try await catalogue.availabilities.next()
        XCTAssertEqual(clock.sleeperCount, 1, "the pause is waiting")
    }
}
