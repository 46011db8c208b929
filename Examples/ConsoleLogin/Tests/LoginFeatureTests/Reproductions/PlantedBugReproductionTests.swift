import Foundation
import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The catalog of bugs planted in the project's own screens (copies of them: `PlantedSearchViewModel`,
/// `PlantedOrderDetailsViewModel`): the contract explorer finds each with a fixed seed, as an invariant or as the
/// tester's own check, and prints a test to paste.
///
/// `scripts/reproduction-check.sh` proves that the printed tests reproduce: it runs this class with
/// `PUREMVVM_REPRODUCTIONS_DIR` set, where each test writes the test the explorer printed (`<bug>.swift`) and what
/// the explorer saw fail (`<bug>.failed`), pastes each printed test as printed into a copy of this class, where the
/// marker at its end says, runs them, and compares their failures with the explorer's.
@MainActor
final class PlantedBugReproductionTests: GuardedTestCase {
    private var catalogue = FakeCatalogue()
    private var clock = ManualClock()
    private var orderService = FakeOrderService()

    // MARK: The product search

    /// The search with the stale spinner: typing's pause passes at once.
    private func makeStaleSpinnerTester() -> ViewModelTester<PlantedSearchViewModel, ReloadSpy<ProductSearchOutputs>> {
        catalogue = FakeCatalogue()
        return ViewModelTester(
            PlantedSearchViewModel(.staleSpinner, catalogue: catalogue, clock: RecordingClock()), spy: ReloadSpy())
    }

    /// The search that asks on every keystroke, on a manual clock that the sequence moves.
    private func makeKeystrokeSearchTester() -> ViewModelTester<
        PlantedSearchViewModel, ReloadSpy<ProductSearchOutputs>
    > {
        catalogue = FakeCatalogue()
        clock = ManualClock()
        return ViewModelTester(
            PlantedSearchViewModel(.searchOnEveryKeystroke, catalogue: catalogue, clock: clock), spy: ReloadSpy())
    }

    /// An async answer: the availability of a result no longer listed keeps its spinner, then shows for an empty
    /// search. The search's own exploration (every input, its rules) finds it.
    func testTheStaleSpinnerIsFoundAndPrinted() async throws {
        let explorer = ContractExplorer(makeStaleSpinnerTester, inputs: SearchRules.inputs { self.catalogue })
        SearchRules.add(to: explorer)
        try await expectReproduction(
            "staleSpinner", by: explorer, seed: 50, containing: "the invariant \"a spinner only on a listed row\"")
    }

    /// A debounce: two keystrokes within the pause ask the catalogue twice.
    func testTheSearchOnEveryKeystrokeIsFoundAndPrinted() async throws {
        let explorer = ContractExplorer(
            makeKeystrokeSearchTester,
            inputs: [
                .call("queryDidChange(_:)", with: InputArgument(["", "tea", "te", "mug"])) { $0.queryDidChange($1) },
                .step { await self.clock.advance(by: .milliseconds(300)) },
                .step("catalogue.searches.respond(with: DemoProducts.matching(\"tea\"))") {
                    self.catalogue.searches.respond(with: DemoProducts.matching("tea"))
                },
            ])
        // A local the rule uses: the printed test declares it too.
        let searchesAtOnce = 1
        explorer.invariant("at most one search asked at a time") { _ in
            self.catalogue.searches.maximumPendingCount <= searchesAtOnce
        }
        try await expectReproduction(
            "searchOnEveryKeystroke", by: explorer, seed: 1,
            containing: "the invariant \"at most one search asked at a time\"")
    }

    // MARK: An order's details

    /// The details of the demo's second order (paid, with no note), with a bug.
    private func makeDetailsTester(_ bug: PlantedOrderDetailsBug) -> ViewModelTester<
        PlantedOrderDetailsViewModel, OrderDetailsSpy
    > {
        orderService = FakeOrderService()
        return ViewModelTester(
            PlantedOrderDetailsViewModel(bug, order: DemoPages.orders[1], username: "dimsky", service: orderService),
            spy: OrderDetailsSpy())
    }

    /// The details screen's inputs, and its service's answers.
    private func detailsInputs() -> [ExplorerInput<PlantedOrderDetailsViewModel>] {
        [
            .call("noteDidChange(_:)", with: InputArgument(["", "ok", "Ring twice.", "Leave it at the door."])) {
                $0.noteDidChange($1)
            },
            .call("saveButtonDidTap()") { $0.saveButtonDidTap() },
            // A step that ends early when no save waits: printed as a closure the test calls.
            .step("orderService.notes.respond(with: <the order, with the note asked for>)") {
                guard let request = self.orderService.notes.pendingRequests.first else { return false }
                var saved = DemoPages.orders[1]
                saved.deliveryNote = request.note
                return self.orderService.notes.respond(with: saved)
            },
            .step("orderService.notes.fail(with: .serverUnreachable)") {
                self.orderService.notes.fail(with: .serverUnreachable)
            },
        ]
    }

    /// A double submit: a second tap on save while the first save runs sends the note again.
    func testTheDoubleSubmitIsFoundAndPrinted() async throws {
        let explorer = ContractExplorer({ self.makeDetailsTester(.doubleSubmit) }, inputs: detailsInputs())
        explorer.invariant("a save is asked only once the one before it was answered") { _ in
            self.orderService.notes.history.dropLast().allSatisfy {
                switch $0.outcome {
                case .responded, .failed: true
                case .waiting, .cancelled: false
                }
            }
        }
        try await expectReproduction(
            "doubleSubmit", by: explorer, seed: 1,
            containing: "the invariant \"a save is asked only once the one before it was answered\"")
    }

    /// A contract bug: an edit of the note changes the border without a reload. The tester's own check finds it.
    func testTheBorderWithoutAReloadIsFoundAndPrinted() async throws {
        let explorer = ContractExplorer({ self.makeDetailsTester(.borderWithoutReload) }, inputs: detailsInputs())
        try await expectReproduction("borderWithoutReload", by: explorer, seed: 1, containing: "without a reload")
    }

    /// A contract bug in an async answer: the save's answer changes the outputs without a reload. The tester's
    /// check of the work that ran while it settled finds it.
    func testTheSaveAnsweredWithoutAReloadIsFoundAndPrinted() async throws {
        let explorer = ContractExplorer({ self.makeDetailsTester(.savedWithoutReload) }, inputs: detailsInputs())
        try await expectReproduction(
            "savedWithoutReload", by: explorer, seed: 1, containing: "Work that ran while the test settled changed")
    }

    // MARK: Running the catalog

    /// Runs an explorer with a seed of its own, whatever the environment says, and checks that it finds the bug:
    /// one failure, the explorer's, that contains `phrase`. With `PUREMVVM_REPRODUCTIONS_DIR` set, writes the test
    /// it printed and what it saw fail to `<bug>.swift` and `<bug>.failed` there.
    private func expectReproduction<Model, Spy>(
        _ bug: String, by explorer: ContractExplorer<Model, Spy>, seed: UInt64, containing phrase: String,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        explorer.seed = seed
        explorer.usesEnvironment = false
        let failures = await FailureReporter.capture { await explorer.run() }.filter { $0.severity == .failure }
        XCTAssertEqual(failures.count, 1, "one failure, the explorer's", file: file, line: line)
        let message = failures.first?.message ?? ""
        XCTAssertTrue(
            message.hasPrefix("The contract explorer found a failing sequence for \(Model.self) (seed \(seed),"),
            message, file: file, line: line)
        XCTAssertTrue(message.contains(phrase), "\(bug): \(phrase) in \(message)", file: file, line: line)
        let printed = try XCTUnwrap(
            Self.text(of: message, between: "\nThe same steps as a test to paste into the test case:\n\n", and: "\n\n"),
            "the printed test", file: file, line: line)
        let failed = try XCTUnwrap(
            Self.text(of: message, between: "\nWhat failed:\n", and: "\nThe same steps as a test to paste"),
            "what failed", file: file, line: line)
        guard let folder = ProcessInfo.processInfo.environment["PUREMVVM_REPRODUCTIONS_DIR"], !folder.isEmpty else {
            return
        }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        try Data((printed + "\n").utf8).write(to: directory.appendingPathComponent("\(bug).swift"))
        try Data((failed + "\n").utf8).write(to: directory.appendingPathComponent("\(bug).failed"))
    }

    /// The text between the first `start` and the first `end` after it; `nil` when either is missing.
    private static func text(of message: String, between start: String, and end: String) -> String? {
        guard let from = message.range(of: start),
            let to = message.range(of: end, range: from.upperBound..<message.endIndex)
        else { return nil }
        return String(message[from.upperBound..<to.lowerBound])
    }

    // scripts/reproduction-check.sh pastes the printed tests below this line, in a copy of this file.
}
