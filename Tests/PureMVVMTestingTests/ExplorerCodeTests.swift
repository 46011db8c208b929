import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// What the contract explorer prints is the code that ran: each step read from the closure the test wrote, the
/// tester made as the printed test can make it (from a generic helper too), and steps that answered nothing followed
/// by no turn of the main actor.
@MainActor
final class ExplorerCodeTests: GuardedTestCase {
    private func makeLockTester() -> ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>> {
        ViewModelTester(CombinationLockViewModel(), spy: ReloadSpy())
    }

    private func failures(
        of explorer: ContractExplorer<CombinationLockViewModel, ReloadSpy<LockOutputs>>
    ) async -> [TestFailure] {
        explorer.runs = 300
        explorer.seed = 1
        explorer.usesEnvironment = false
        return await FailureReporter.capture { await explorer.run() }
    }

    // MARK: Steps

    func testAStepIsPrintedAsItsClosureEvenWhenTheNameBesideItSaysOtherwise() async {
        let explorer = ContractExplorer(
            makeLockTester,
            inputs: [
                .call("a()") { $0.a() },
                .call("b()") { $0.b() },
                .call("reset()") { $0.c() },  // the name drifted from the closure
            ])
        let reports = await failures(of: explorer)
        assertOneFailure(
            reports,
            containing: ":\n  1. a()\n  2. b()\n  3. c()\nWhat failed:\n", "`c()` changed progress (2 → 3)",
            "        tester.send({ $0.a() })\n        tester.send({ $0.b() })\n        tester.send({ $0.c() })\n")
        XCTAssertFalse(reports.messages.joined().contains("reset()"), "the name is not printed")
    }

    func testANamedParameterIsReplacedByTheDrawnArgumentAndTheViewModelKeepsItsName() async {
        let explorer = ContractExplorer(
            { ViewModelTester(NoteViewModel(), spy: ReloadSpy()) },
            inputs: [
                .call(with: .text(around: [3])) { viewModel, note in viewModel.noteDidChange(note) },
                .call { $0.undo() },
                .call { model in
                    model.save()  // comments are left out
                },
            ])
        explorer.invariant("a saved note has no control characters") {
            $0.savedNote.isEmpty || NoteOutputs.isSavable($0.savedNote)
        }
        explorer.runs = 500
        explorer.seed = 7
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(
            reports,
            containing: #"""
                  1. noteDidChange("\t\n \r\n")
                  2. noteDidChange("")
                  3. undo()
                  4. save()
                """#,
            #"""
                    tester.send({ viewModel in viewModel.noteDidChange("\t\n \r\n") })
                    tester.send({ viewModel in viewModel.noteDidChange("") })
                    tester.send({ $0.undo() })
                    tester.send({ model in model.save() })
            """#)
    }

    func testWithoutItsSourceAnInputIsWrittenFromItsStringOrItsLocation() async {
        let explorer = ContractExplorer(
            makeLockTester,
            inputs: [
                .call("a()", filePath: "/nonexistent/Explorer.swift") { $0.a() },
                .send("$0.b()", filePath: "/nonexistent/Explorer.swift") { $0.b() },
                .call(fileID: "Tests/Explorer.swift", filePath: "/nonexistent/Explorer.swift", line: 9) { $0.c() },
            ])
        let reports = await failures(of: explorer)
        assertOneFailure(
            reports,
            containing: "  1. a()\n  2. b()\n  3. <the input at Tests/Explorer.swift:9>()\n",
            "tester.send({ $0.a() })\n        tester.send({ $0.b() })\n"
                + "        tester.send({ $0.<the input at Tests/Explorer.swift:9>() })")
    }

    func testClosuresAreReadWithTheirParametersAndStatements() {
        let shorthand = ClosureCode("{ $0.usernameDidChange($1) }")
        XCTAssertNil(shorthand?.parameters)
        XCTAssertEqual(shorthand?.statements(replacing: "$1", with: #""dim""#), [#"$0.usernameDidChange("dim")"#])
        let named = ClosureCode("{ [weak self] (model: Model, text: String?) in\n model.f(text, \"text\") // text\n }")
        XCTAssertEqual(named?.parameters, ["model", "text"])
        XCTAssertEqual(named?.statements(replacing: "text", with: "nil"), [#"model.f(nil, "text")"#])
        XCTAssertEqual(ClosureCode("{ for x in xs { f(x) } }")?.parameters, nil, "a loop is not a header")
        XCTAssertEqual(ClosureCode("{ a(); b.c }")?.statements, ["a()", "b.c"])
        XCTAssertNil(ClosureCode("{ }"), "no statement")
        XCTAssertNil(ClosureCode("f()"), "not a closure")
        XCTAssertEqual(ClosureCode("{ $0.x = $0.text }")?.statements(replacing: "text", with: "1"), ["$0.x = $0.text"])
    }

    // MARK: Turns

    private var work = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
    private weak var counter: CounterViewModel?

    private func makeCounterTester() -> ViewModelTester<CounterViewModel, CounterSpy> {
        work = PendingCalls(whenCancelled: CancellationError())
        let viewModel = CounterViewModel()
        counter = viewModel
        return ViewModelTester(viewModel, spy: CounterSpy())
    }

    /// A counter whose test taps it from a task of its own, saying whether that was work.
    private func tapExplorer(saying didSomething: Bool) -> ContractExplorer<CounterViewModel, CounterSpy> {
        let step: ExplorerInput<CounterViewModel> =
            didSomething
            ? .step {
                Task { @MainActor [weak counter = self.counter] in counter?.incrementButtonDidTap() }
                return true
            }
            : .step {
                Task { @MainActor [weak counter = self.counter] in counter?.incrementButtonDidTap() }
                return false
            }
        let explorer = ContractExplorer(makeCounterTester, inputs: [.call { $0.titleFieldDidChange("x") }, step])
        explorer.invariant("the count stays 0") { $0.count == 0 }
        explorer.runs = 200
        explorer.seed = 3
        explorer.usesEnvironment = false
        return explorer
    }

    func testAStepThatDidSomethingIsFollowedByTurnsAndOneThatSaysItDidNothingIsNot() async {
        let did = await FailureReporter.capture { await tapExplorer(saying: true).run() }
        assertOneFailure(
            did,
            containing: "shrunk from 3 steps to 1:\n"
                + "  1. Task { @MainActor [weak counter = self.counter] in ",
            "(step 1), the invariant \"the count stays 0\" does not hold",
            "counter?.incrementButtonDidTap() }\n        await tester.settle()\n        await tester.receiveReload()\n")  // the step's reload
        // The task runs in the turn after the next input instead.
        let didNot = await FailureReporter.capture { await tapExplorer(saying: false).run() }
        assertOneFailure(
            didNot,
            containing: "  2. titleFieldDidChange(\"x\")\nWhat failed:\n  After `titleFieldDidChange(\"x\")` (step 2)",
            "        Task { @MainActor [weak counter = self.counter] in counter?.incrementButtonDidTap() }\n"
                + "        tester.send({ $0.titleFieldDidChange(\"x\") })")
    }

    func testAStepWhoseOnlyStatementReturnsBoolSaysWhetherItDidAnything() {
        let step: ExplorerInput<CounterViewModel> = .step { self.work.respond(with: 1) }
        let viewModel = CounterViewModel()
        XCTAssertFalse(step.perform(viewModel, nil), "no call was waiting: the Bool form was chosen")
        let said: ExplorerInput<CounterViewModel> = .step { _ = self.work.respond(with: 1) }
        XCTAssertTrue(said.perform(viewModel, nil), "a step that returns nothing always did something")
    }

    /// The lock explored now, which a step below reaches.
    private weak var lock: CombinationLockViewModel?

    /// A lock's tester, the lock kept in ``lock`` for the steps.
    private func makeLockTesterKeepingItsLock() -> ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>> {
        let tester = makeLockTester()
        lock = tester.viewModel
        return tester
    }

    func testAStepThatReturnsEarlyIsPrintedAsAClosureItCalls() async {
        let explorer = ContractExplorer(
            makeLockTesterKeepingItsLock,
            inputs: [
                .call { $0.a() },
                .step {
                    guard let lock = self.lock else { return false }
                    lock.b()
                    return true
                },
            ])
        explorer.invariant("the lock never gets past the first number") { $0.progress < 2 }
        assertOneFailure(
            await failures(of: explorer),
            containing: """
                        tester.send({ $0.a() })
                        _ = {
                            guard let lock = self.lock else { return false }
                            lock.b()
                            return true
                        }()
                        await tester.settle()
                        await tester.receiveReload()
                """)
    }

    /// Steps a helper makes from its parameter, which a new test method cannot see: one also written as a string
    /// that it can, one written only as its closure.
    private func lockSteps(
        _ lock: @escaping @MainActor () -> CombinationLockViewModel?
    ) -> [ExplorerInput<CombinationLockViewModel>] {
        [.step("self.lock?.b()") { lock()?.b() }, .step { lock()?.c() }]
    }

    func testAStepThatNamesAHelpersParameterIsPrintedFromItsStringAndOneWithoutAStringFromItsClosure() async {
        let explorer = ContractExplorer(
            makeLockTesterKeepingItsLock,
            inputs: [.call { $0.a() }] + lockSteps { self.lock })
        explorer.invariant("the lock never opens") { $0.progress < 3 }
        assertOneFailure(
            await failures(of: explorer),
            containing: """
                        tester.send({ $0.a() })
                        self.lock?.b()
                        await tester.settle()
                        await tester.receiveReload()
                        lock()?.c()
                """)
    }

    // MARK: Locals of the test

    func testARuleThatUsesALocalIsPrintedWithTheLocalsDeclaration() async {
        let limit = 2
        let explorer = ContractExplorer(makeLockTester, inputs: [.call { $0.a() }, .call { $0.b() }])
        explorer.invariant("progress stays below the limit") { $0.progress < limit }
        let reports = await failures(of: explorer)
        assertOneFailure(
            reports,
            containing: """
                        tester.send({ $0.b() })
                        let limit = 2
                        XCTAssertTrue({ $0.progress < limit }(tester.viewModel.outputs), "progress stays below the limit")
                    }
                """)
        // scripts/reproduction-check.sh pastes such a test (the search that asks on every keystroke) and runs it.
    }

    func testCodeGetsTheLocalsItUsesCopiedOrNoneWhenOneCannotBe() {
        let source = SourceFile(
            bytes: Array(
                """
                func explore(limit: Int) {
                    let base = 3
                    let positions = Dictionary(uniqueKeysWithValues: [(1, base)])
                    var unused = 0
                    explorer.invariant("a") { outputs in positions[outputs.count] != nil }
                    explorer.invariant("b") { $0.count < limit }
                    explorer.invariant("c") { outputs in let count = outputs.count; return count > unusedProperty }
                    for value in [1] { explorer.invariant("d") { _ in value > 0 } }
                    let sorted = [3, 1]
                        .sorted()
                    explorer.invariant("e") { $0.count > sorted[0] }
                }
                """.utf8))
        func declarations(line: Int) -> [String]? {
            let code = source.callArguments(line: line, column: 5).last ?? ""
            return TesterMaker.localDeclarations(neededBy: code, in: source, line: line, column: 5)
        }
        XCTAssertEqual(
            declarations(line: 5), ["let base = 3", "let positions = Dictionary(uniqueKeysWithValues: [(1, base)])"],
            "the local, then the one it uses, in the order written")
        XCTAssertNil(declarations(line: 6), "a parameter of the function cannot be copied")
        XCTAssertEqual(declarations(line: 7), [], "the rule's own parameter and local, and a property, need nothing")
        let loop = source.callArguments(line: 8, column: 24).last ?? ""
        XCTAssertEqual(loop, "{ _ in value > 0 }")
        XCTAssertNil(
            TesterMaker.localDeclarations(neededBy: loop, in: source, line: 8, column: 24),
            "a loop's variable is not a statement of the body")
        XCTAssertNil(declarations(line: 11), "a declaration that goes on at the next line is not copied in part")
    }

    // MARK: The printed test's tester

    /// A generic helper a suite of screens might share: the explorer's tester is made from its parameter.
    private func explore<Model: ViewModel>(
        _ make: @escaping () -> Model, inputs: [ExplorerInput<Model>]
    ) async -> [TestFailure] where Model.Delegate == any ReloadDelegate<Model.Outputs> {
        let explorer = ContractExplorer({ ViewModelTester(make(), spy: ReloadSpy<Model.Outputs>()) }, inputs: inputs)
        explorer.runs = 300
        explorer.seed = 1
        explorer.usesEnvironment = false
        return await FailureReporter.capture { await explorer.run() }
    }

    func testATesterMadeInAGenericHelperIsTakenAsAParameterOfTheConcreteType() async {
        let reports = await explore(
            CombinationLockViewModel.init, inputs: [.call { $0.a() }, .call { $0.b() }, .call { $0.c() }])
        assertOneFailure(
            reports,
            containing: """
                    // Call it from a test with a fresh tester: `await exploredSequenceSeed1(<a new tester>)`.
                    func exploredSequenceSeed1(_ tester: ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>>) async {
                        tester.strictness = .partial
                        tester.send({ $0.a() })
                        tester.send({ $0.b() })
                        tester.send({ $0.c() })
                    }
                """)
        let pasted = await FailureReporter.capture { await exploredSequenceSeed1(makeLockTester()) }
        assertOneFailure(pasted, containing: "`c()` changed progress (2 → 3)")
    }

    /// Pasted from the failure above: it compiles.
    func exploredSequenceSeed1(_ tester: ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>>) async {
        tester.strictness = .partial
        tester.send({ $0.a() })
        tester.send({ $0.b() })
        tester.send({ $0.c() })
    }

    /// A generic maker: the printed test writes the tester's type for it.
    private func makeFreshTester<Model: FreshViewModel>() -> ViewModelTester<Model, ReloadSpy<Model.Outputs>>
    where Model.Delegate == any ReloadDelegate<Model.Outputs> {
        ViewModelTester(Model(), spy: ReloadSpy())
    }

    func testAGenericMakerIsCalledWithTheTestersTypeWrittenOut() async {
        let explorer: ContractExplorer<CombinationLockViewModel, ReloadSpy<LockOutputs>> = ContractExplorer(
            makeFreshTester, inputs: [.call { $0.a() }, .call { $0.b() }, .call { $0.c() }])
        let reports = await failures(of: explorer)
        assertOneFailure(
            reports,
            containing: """
                    func testExploredSequenceSeed1() async {
                        let tester: ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>> = makeFreshTester()
                """)
        let pasted = FailureReporter.capture {
            let tester: ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>> = makeFreshTester()
            tester.strictness = .partial
            tester.send({ $0.a() })
            tester.send({ $0.b() })
            tester.send({ $0.c() })
        }
        assertOneFailure(pasted, containing: "`c()` changed progress (2 → 3)")
    }

    /// A call's arguments are its list and its trailing closures, plain or labelled: not the `else { … }` or the
    /// `: { … }` of the code around it.
    func testACallsArgumentsEndWithItsTrailingClosures() {
        let source = SourceFile(
            bytes: Array(
                """
                guard let tester = make(seed: 1) else { return }
                let pick = flag ? choose(1) : { 2 }()
                explorer.step(1) { tick() } label: { tock() }
                """.utf8))
        XCTAssertEqual(source.callArguments(line: 1, column: 1), ["seed: 1"])
        XCTAssertEqual(source.callArguments(line: 2, column: 1), ["1"])
        XCTAssertEqual(source.callArguments(line: 3, column: 1), ["1", "{ tick() }", "label: { tock() }"])
    }

    func testAMakerIsPastedAsWrittenWhenItNamesNothingLocal() {
        let source = SourceFile(
            bytes: Array(
                """
                func explore<Model: ViewModel>(_ make: @escaping () -> Model, seed: UInt64) {
                    let spy = ReloadSpy<Model.Outputs>()
                    let a = ContractExplorer({ ViewModelTester(make(), spy: spy) }, inputs: [])
                    let b = ContractExplorer(makeLoginTester, inputs: [])
                    let c = ContractExplorer({ ViewModelTester(LoginViewModel(), spy: ReloadSpy<Model.Outputs>()) }, inputs: [])
                }
                func makeGeneric<Model: ViewModel>() -> ViewModelTester<Model, ReloadSpy<Model.Outputs>> { fatalError() }
                let d = ContractExplorer(makeGeneric, inputs: [])
                """.utf8))
        XCTAssertEqual(TesterMaker.form(in: source, line: 3, column: 13), .parameter, "a parameter and a local")
        XCTAssertEqual(TesterMaker.form(in: source, line: 4, column: 13), .call("makeLoginTester()"))
        XCTAssertEqual(TesterMaker.form(in: source, line: 5, column: 13), .parameter, "a generic parameter")
        XCTAssertEqual(TesterMaker.form(in: source, line: 8, column: 9), .typedCall("makeGeneric()"))
        XCTAssertEqual(TesterMaker.form(in: source, line: 99, column: 1), .parameter, "no source")
    }

    func testTheNamesAFunctionHidesAreItsOwnThoughItsTypesTakeSeveralGenericArguments() {
        let source = SourceFile(
            bytes: Array(
                """
                func explore<Model: ViewModel, Spy: Sink<Model.Outputs, Tally>>(counts: Dictionary<String, Int>, seed: UInt64) {
                    let a = ContractExplorer({ ViewModelTester(Tally(), spy: Spy()) }, inputs: [])
                }
                """.utf8))
        XCTAssertEqual(
            TesterMaker.hiddenNames(in: source, line: 2, column: 13), ["Model", "Spy", "counts", "seed", "a"],
            "`Tally` and `Int` are generic arguments of the types, not names of the function's")
        for cut in ["func explore<Model: ViewModel", "func explore<Model: ViewModel>"] {
            let source = SourceFile(bytes: Array(cut.utf8))
            XCTAssertEqual(TesterMaker.hiddenNames(in: source, line: 1, column: 20), [], "a file cut off: \(cut)")
        }
    }
}

/// A ViewModel made without arguments, for a generic maker.
@MainActor
protocol FreshViewModel: ViewModel {
    init()
}

extension CombinationLockViewModel: FreshViewModel {}
