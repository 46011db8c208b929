import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The explorer follows the child ViewModels a screen keeps for its rows: each is held to its own contract, and
/// inputs reach a child drawn from those the screen keeps.
@MainActor
final class ExplorerChildrenTests: GuardedTestCase {
    private func makeExplorer(lineBug: LineBug?) -> ContractExplorer<CartViewModel, ReloadSpy<CartOutputs>> {
        let explorer = ContractExplorer(
            { ViewModelTester(CartViewModel(lineBug: lineBug), spy: ReloadSpy()) },
            inputs: [
                .call { $0.viewDidAppear() },
                .call(with: .int(in: 0...2)) { _ = $0.lineViewModel(at: $1) },
            ])
        explorer.children(
            LineViewModel.self, in: \.lines, spy: { ReloadSpy() },
            inputs: [.call(with: .int(in: 0...3)) { $0.quantityDidChange($1) }]
        ) { outputs, line in
            outputs.line = line
        }
        explorer.seed = 5
        explorer.runs = 200
        return explorer
    }

    func testAChildsEditThatReloadsNothingIsFoundThroughTheParentsExploration() async {
        let reports = await FailureReporter.capture { await makeExplorer(lineBug: .forgetsToReload).run() }
        assertOneFailure(
            reports,
            containing: "`quantityDidChange(0)` changed line (CartLine(id: 1, quantity: 1) → CartLine(id: 1, "
                + "quantity: 0)) without a reload.",
            "let child1 = try tester.child(LineViewModel.self, id: ",
            "in: \\.lines, spy: { ReloadSpy() }()) { outputs, line in",
            "child1.send({ $0.quantityDidChange(")
    }

    func testChildrenThatKeepTheContractPass() async {
        let explorer = makeExplorer(lineBug: nil)
        explorer.runs = 60  // the planted bug is found at the 2nd sequence of this seed
        let reports = await FailureReporter.capture { await explorer.run() }
        XCTAssertEqual(reports.failures.messages, [])
    }

    /// A line's late reload is received where it arrives, and the printed test receives it in the same place: one
    /// from a task its input started arrives with the input's settle, one from the main queue (no task the explorer
    /// follows) only with the sequence's last settle, which the printed test writes the same way.
    func testAChildsLateReloadIsReceivedInThePrintedTestWhereItArrives() async {
        for bug in [LineBug.changesInATaskNamingNothing, .changesFromTheMainQueueNamingNothing] {
            let reports = await FailureReporter.capture { await makeExplorer(lineBug: bug).run() }
            assertOneFailure(
                reports,
                containing: "An asynchronous reload sent reloadViews([]), but the outputs that changed are [line].",
                "        child1.send({ $0.quantityDidChange(0) })\n        await tester.settle()\n"
                    + "        await child1.receiveReload()\n    }")
        }
    }

    /// A child's input goes to a child drawn from those the screen keeps, not always to the first one followed.
    func testAChildsInputReachesEveryChildTheScreenKeeps() async {
        var reached: Set<Int> = []
        var mostInOneSequence = 0
        let explorer = ContractExplorer(
            { () -> ViewModelTester<CartViewModel, ReloadSpy<CartOutputs>> in
                reached = []
                return ViewModelTester(CartViewModel(lineBug: nil), spy: ReloadSpy())
            },
            inputs: [
                .call { $0.viewDidAppear() },
                .call(with: .int(in: 0...1)) { _ = $0.lineViewModel(at: $1) },
            ])
        explorer.children(
            LineViewModel.self, in: \.lines, spy: { ReloadSpy() },
            inputs: [
                .call {
                    reached.insert($0.outputs.line.id)
                    mostInOneSequence = max(mostInOneSequence, reached.count)
                }
            ]
        ) { outputs, line in
            outputs.line = line
        }
        explorer.seed = 5
        explorer.runs = 20
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        XCTAssertEqual(reports.failures.messages, [])
        XCTAssertEqual(mostInOneSequence, 2, "both lines' children in one sequence")
    }

    /// The reproduction the explorer printed for seed 5, pasted as printed: it fails with the same message.
    func testThePrintedReproductionWithAChildFailsTheSameWay() async throws {
        let reports = await FailureReporter.capture {
            try? await exploredSequenceSeed5(
                ViewModelTester(CartViewModel(lineBug: .forgetsToReload), spy: ReloadSpy()))
        }
        assertOneFailure(
            reports,
            containing: "`quantityDidChange(0)` changed line (CartLine(id: 1, quantity: 1) → CartLine(id: 1, "
                + "quantity: 0)) without a reload.")
    }

    // Call it from a test with a fresh tester: `await exploredSequenceSeed5(<a new tester>)`.
    func exploredSequenceSeed5(_ tester: ViewModelTester<CartViewModel, ReloadSpy<CartOutputs>>) async throws {
        tester.strictness = .partial
        tester.send({ $0.viewDidAppear() })
        await tester.settle()
        tester.send({ _ = $0.lineViewModel(at: 0) })
        await tester.settle()
        let child1 = try tester.child(LineViewModel.self, id: 1, in: \.lines, spy: { ReloadSpy() }()) { outputs, line in
            outputs.line = line
        }
        child1.strictness = .partial
        child1.send({ $0.quantityDidChange(0) })
    }
}

// MARK: - A cart of lines, each line a child ViewModel

struct CartLine: Identifiable, Equatable, Sendable {
    let id: Int
    var quantity: Int
}

struct CartOutputs: ViewOutputs {
    var lines = Rows<CartLine>()
    enum Field: Int, OutputField { case lines }
    func hasChanged(_ field: Field, since old: Self) -> Bool { lines != old.lines }
}

struct LineOutputs: ViewOutputs {
    var line: CartLine
    enum Field: Int, OutputField { case line }
    func hasChanged(_ field: Field, since old: Self) -> Bool { line != old.line }
}

@MainActor
final class CartViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<CartOutputs>)?
    var outputs: CartOutputs { store.outputs }
    private let store = OutputStore(CartOutputs())
    private let lineBug: LineBug?
    private lazy var lines = ChildViewModels<CartLine, LineViewModel> { child, line in child.lineDidChange(line) }

    init(lineBug: LineBug?) {
        self.lineBug = lineBug
    }

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.lines = [CartLine(id: 1, quantity: 1), CartLine(id: 2, quantity: 3)] }
        lines.update(for: outputs.lines)
    }

    /// The child of a line, for its cell; `nil` past the last line.
    func lineViewModel(at index: Int) -> LineViewModel? {
        guard outputs.lines.indices.contains(index) else { return nil }
        return lines.child(for: outputs.lines[index]) { [weak self, lineBug] line in
            LineViewModel(line: line, bug: lineBug) { self?.lineDidChange($0) }
        }
    }

    private func lineDidChange(_ line: CartLine) {
        store.update(notifying: delegate) { _ = $0.lines.update(line) }
        lines.update(for: outputs.lines)
    }
}

/// What a cart's lines get wrong, if anything.
enum LineBug: Sendable {
    /// A line's edit tells the cart, but not the line's own view.
    case forgetsToReload
    /// A line's edit lands later, in a task, and its reload names no output.
    case changesInATaskNamingNothing
    /// A line's edit lands later, from the main queue (no task the explorer can follow), and its reload names no
    /// output.
    case changesFromTheMainQueueNamingNothing
}

@MainActor
final class LineViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LineOutputs>)?
    private(set) var outputs: LineOutputs
    private let bug: LineBug?
    private let report: @MainActor (CartLine) -> Void

    init(line: CartLine, bug: LineBug?, report: @escaping @MainActor (CartLine) -> Void) {
        outputs = LineOutputs(line: line)
        self.bug = bug
        self.report = report
    }

    func quantityDidChange(_ quantity: Int) {
        guard quantity != outputs.line.quantity else { return }
        if bug == .changesInATaskNamingNothing {
            Task { [weak self] in self?.changeLateNamingNothing(quantity) }
            return
        }
        if bug == .changesFromTheMainQueueNamingNothing {
            DispatchQueue.main.async { [weak self] in self?.changeLateNamingNothing(quantity) }
            return
        }
        outputs.line.quantity = quantity
        // The planted bug `.forgetsToReload`: the line's own view is not told; the cart is.
        if bug != .forgetsToReload { delegate?.reloadViews([.line], from: ReadOnlyOutputs(outputs)) }
        report(outputs.line)
    }

    /// The planted bugs that change the line later: the edit lands later, its reload names no output, and the cart
    /// is not told (so the line's reload is the only call).
    private func changeLateNamingNothing(_ quantity: Int) {
        outputs.line.quantity = quantity
        delegate?.reloadViews([], from: ReadOnlyOutputs(outputs))
    }

    func lineDidChange(_ line: CartLine) {
        guard line != outputs.line else { return }
        outputs.line = line
        delegate?.reloadViews([.line], from: ReadOnlyOutputs(outputs))
    }
}

// MARK: - Lines whose edits save after a pause

/// The explorer judges a child's work as it judges the parent's: a line's debounced save still waiting when a
/// sequence ends is cancelled with the cart, as it is for the line explored on its own, and work of a line that
/// outlives the cart fails the sequence, naming the line's input.
@MainActor
final class ExplorerChildWorkTests: GuardedTestCase {
    private func makeExplorer(
        clock: ManualClock, keepsWorkAfterRelease: Bool
    ) -> ContractExplorer<SavingCartViewModel, ReloadSpy<CartOutputs>> {
        let explorer = ContractExplorer(
            { ViewModelTester(SavingCartViewModel(clock: clock, keepsWork: keepsWorkAfterRelease), spy: ReloadSpy()) },
            inputs: [
                .call { $0.viewDidAppear() },
                .call(with: .int(in: 0...1)) { _ = $0.lineViewModel(at: $1) },
            ])
        explorer.children(
            SavingLineViewModel.self, in: \.lines, spy: { ReloadSpy() },
            inputs: [.call(with: .int(in: 0...3)) { $0.quantityDidChange($1) }]
        ) { outputs, line in
            outputs.line = line
        }
        explorer.seed = 11
        explorer.runs = 40
        explorer.usesEnvironment = false
        return explorer
    }

    func testACorrectCartWhoseLinesSaveAfterAPausePasses() async {
        let clock = ManualClock()
        let reports = await FailureReporter.capture {
            await makeExplorer(clock: clock, keepsWorkAfterRelease: false).run()
        }
        XCTAssertEqual(reports.failures.messages, [])
    }

    func testALineWhoseSaveOutlivesTheCartFailsNamingTheLinesInput() async {
        let clock = ManualClock()
        let reports = await FailureReporter.capture {
            await makeExplorer(clock: clock, keepsWorkAfterRelease: true).run()
        }
        assertOneFailure(
            reports,
            containing: "The ViewModel was freed at the end of the sequence, but 1 piece of async work it started is "
                + "still unfinished:",
            "- ManualClock: a sleep of 0.5 seconds still waits",
            "; it started during `quantityDidChange(",
            "`, sent to the SavingLineViewModel of row 1 (")
    }

    /// The same, as a test writes it: the line's tester is linked to the cart's, and their work is judged together
    /// once both have ended and let their ViewModels go.
    func testALinkedChildsPendingSaveIsCancelledWithTheScreen() async throws {
        let clock = ManualClock()
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(SavingCartViewModel(clock: clock, keepsWork: false), spy: ReloadSpy())
            tester.strictness = .partial
            tester.send { $0.viewDidAppear() }
            _ = tester.viewModel.lineViewModel(at: 0)
            let line = try tester.child(SavingLineViewModel.self, id: 1, in: \.lines, spy: ReloadSpy()) {
                $0.line = $1
            }
            line.strictness = .partial
            line.send { $0.quantityDidChange(2) }
            await tester.settle()
            XCTAssertEqual(clock.sleeperCount, 1, "the line's save waits for its pause")
        }
        XCTAssertEqual(reports.failures.messages, [])
    }

    func testALinkedChildsWorkThatOutlivesTheScreenFailsNamingTheChildsInput() async throws {
        let clock = ManualClock()
        let reports = try await FailureReporter.capture {
            let tester = ViewModelTester(SavingCartViewModel(clock: clock, keepsWork: true), spy: ReloadSpy())
            tester.strictness = .partial
            tester.send { $0.viewDidAppear() }
            _ = tester.viewModel.lineViewModel(at: 0)
            let line = try tester.child(SavingLineViewModel.self, id: 1, in: \.lines, spy: ReloadSpy()) {
                $0.line = $1
            }
            line.strictness = .partial
            line.send { $0.quantityDidChange(2) }
            await tester.settle()
        }
        assertOneFailure(
            reports,
            containing: "The ViewModel was freed at the end of the test, but 1 piece of async work it started is "
                + "still unfinished:\n  - ManualClock: a sleep of 0.5 seconds still waits",
            "; it started during `quantityDidChange(2)`, sent to the SavingLineViewModel of row 1 "
                + "(ExplorerChildrenTests.swift:")
    }
}

/// A cart of lines, each a child ViewModel that saves its quantity once edits pause.
@MainActor
final class SavingCartViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<CartOutputs>)?
    var outputs: CartOutputs { store.outputs }
    private let store = OutputStore(CartOutputs())
    private let clock: ManualClock
    private let keepsWork: Bool
    private lazy var lines = ChildViewModels<CartLine, SavingLineViewModel> { child, line in child.lineDidChange(line) }

    init(clock: ManualClock, keepsWork: Bool) {
        self.clock = clock
        self.keepsWork = keepsWork
    }

    func viewDidAppear() {
        store.update(notifying: delegate) { $0.lines = [CartLine(id: 1, quantity: 1), CartLine(id: 2, quantity: 3)] }
        lines.update(for: outputs.lines)
    }

    func lineViewModel(at index: Int) -> SavingLineViewModel? {
        guard outputs.lines.indices.contains(index) else { return nil }
        return lines.child(for: outputs.lines[index]) { [weak self, clock, keepsWork] line in
            SavingLineViewModel(line: line, clock: clock, keepsWork: keepsWork) { self?.lineDidChange($0) }
        }
    }

    private func lineDidChange(_ line: CartLine) {
        store.update(notifying: delegate) { _ = $0.lines.update(line) }
        lines.update(for: outputs.lines)
    }
}

/// A line that shows its quantity at once and saves it after a pause of half a second: with a `Debouncer`, which
/// cancels the save when the line is freed; or, when it keeps its work, with a task nobody cancels.
@MainActor
final class SavingLineViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LineOutputs>)?
    private(set) var outputs: LineOutputs
    private let clock: ManualClock
    private let keepsWork: Bool
    private let save: Debouncer
    private let report: @MainActor (CartLine) -> Void
    private(set) var saved: [Int] = []

    init(line: CartLine, clock: ManualClock, keepsWork: Bool, report: @escaping @MainActor (CartLine) -> Void) {
        outputs = LineOutputs(line: line)
        self.clock = clock
        self.keepsWork = keepsWork
        save = Debouncer(delay: .milliseconds(500), clock: clock)
        self.report = report
    }

    func quantityDidChange(_ quantity: Int) {
        guard quantity != outputs.line.quantity else { return }
        outputs.line.quantity = quantity
        delegate?.reloadViews([.line], from: ReadOnlyOutputs(outputs))
        report(outputs.line)
        if keepsWork {
            Task { [clock] in try? await clock.sleep(for: .milliseconds(500)) }
        } else {
            save.schedule { [weak self] in self?.saved.append(quantity) }
        }
    }

    func lineDidChange(_ line: CartLine) {
        guard line != outputs.line else { return }
        outputs.line = line
        delegate?.reloadViews([.line], from: ReadOnlyOutputs(outputs))
    }
}
