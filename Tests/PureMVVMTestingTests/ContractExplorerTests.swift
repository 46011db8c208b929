import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The contract explorer finds bugs that only a specific sequence of inputs reaches, shrinks the sequence to
/// exactly those steps, and prints a test that reproduces it.
@MainActor
final class ContractExplorerTests: GuardedTestCase {
    private func makeLockTester() -> ViewModelTester<CombinationLockViewModel, ReloadSpy<LockOutputs>> {
        ViewModelTester(CombinationLockViewModel(), spy: ReloadSpy())
    }

    private func lockExplorer() -> ContractExplorer<CombinationLockViewModel, ReloadSpy<LockOutputs>> {
        let explorer = ContractExplorer(
            makeLockTester,
            inputs: [
                .call("a()") { $0.a() },
                .call("b()") { $0.b() },
                .call("c()") { $0.c() },
                .call("d()") { $0.d() },
                .call("reset()") { $0.reset() },
            ])
        explorer.runs = 300
        return explorer
    }

    func testAMissingReloadAfterThreeSpecificStepsIsFoundAndShrunkToThem() async {
        for seed: UInt64 in [1, 20_260_101] {
            let explorer = lockExplorer()
            explorer.seed = seed
            explorer.usesEnvironment = false
            let reports = await FailureReporter.capture { await explorer.run() }
            assertOneFailure(
                reports,
                containing:
                    "The contract explorer found a failing sequence for CombinationLockViewModel (seed \(seed),",
                ":\n  1. a()\n  2. b()\n  3. c()\nWhat failed:\n",
                "`c()` changed progress (2 → 3), isOpen (false → true) without a reload.",
                """

                    func testExploredSequenceSeed\(seed)() async {
                        let tester = makeLockTester()
                        tester.strictness = .partial
                        tester.send({ $0.a() })
                        tester.send({ $0.b() })
                        tester.send({ $0.c() })
                    }

                """,
                "To fix: run that test and fix the ViewModel (or the invariant, if the rule is wrong), and keep the "
                    + "test; then run the explorer again with PUREMVVM_EXPLORE_SEED=\(seed)."
            )
            XCTAssertEqual(reports.notes.count, 1, "the seed is printed before the first sequence")
            XCTAssertTrue(
                reports.notes.first?.message.contains(
                    "seed \(seed): set PUREMVVM_EXPLORE_SEED=\(seed) to run them again")
                    ?? false, "\(reports.notes.messages)")
        }
    }

    /// The test the explorer printed for seed 1, pasted as it was: it compiles, and fails on the planted bug.
    func testThePrintedTestReproducesTheFailure() async {
        let reports = await FailureReporter.capture {
            await exploredSequenceSeed1()
        }
        assertOneFailure(reports, containing: "`c()` changed progress (2 → 3), isOpen (false → true) without a reload.")
    }

    /// Pasted from the failure above, renamed (no `test` prefix) so that XCTest does not run it by itself.
    func exploredSequenceSeed1() async {
        let tester = makeLockTester()
        tester.strictness = .partial
        tester.send({ $0.a() })
        tester.send({ $0.b() })
        tester.send({ $0.c() })
    }

    /// Leaving out one step at a time cannot shrink a sequence whose failure needs an even number of steps; leaving
    /// out runs of them can.
    func testASequenceIsShrunkByRunsOfStepsWhereNoSingleStepCanBeLeftOut() async {
        let explorer = ContractExplorer(
            { ViewModelTester(EvenStepsLockViewModel(), spy: ReloadSpy()) },
            inputs: [
                .call("step()") { $0.step() },
                .call("open()") { $0.open() },
            ])
        explorer.runs = 300
        explorer.seed = 2  // its first failing sequence holds ten steps before the failing open()
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        let steps = (1...8).map { "  \($0). step()\n" }.joined()
        assertOneFailure(
            reports,
            containing: "steps to 9:\n\(steps)  9. open()\nWhat failed:\n",
            "`open()` changed isOpen (false → true) without a reload.")
    }

    func testABrokenInvariantAfterFourStepsIsShrunkWithTheSimplestArguments() async {
        let explorer = ContractExplorer(
            { ViewModelTester(NoteViewModel(), spy: ReloadSpy()) },
            inputs: [
                .call("noteDidChange(_:)", with: .text(around: [3])) { $0.noteDidChange($1) },
                .call("undo()") { $0.undo() },
                .call("save()") { $0.save() },
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
                :
                  1. noteDidChange("\t\n \r\n")
                  2. noteDidChange("")
                  3. undo()
                  4. save()
                What failed:
                  After `save()` (step 4), the invariant "a saved note has no control characters" does not hold: \#

                """#,
            #"""
                func testExploredSequenceSeed7() async {
                    let tester = { ViewModelTester(NoteViewModel(), spy: ReloadSpy()) }()
                    tester.strictness = .partial
                    tester.send({ $0.noteDidChange("\t\n \r\n") })
                    tester.send({ $0.noteDidChange("") })
                    tester.send({ $0.undo() })
                    tester.send({ $0.save() })
                    XCTAssertTrue({
                        $0.savedNote.isEmpty || NoteOutputs.isSavable($0.savedNote)
                    }(tester.viewModel.outputs), "a saved note has no control characters")
                }
            """#
        )
    }

    func testAViewModelThatIsNotFreedIsFoundAndThePrintedTestTracksLeaks() async {
        let explorer = ContractExplorer(
            { ViewModelTester(SelfKeepingViewModel(), spy: ReloadSpy()) },
            inputs: [
                .call("tap()") { $0.tap() },
                .call("refresh()") { $0.refresh() },
            ])
        explorer.seed = 3
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(
            reports,
            containing: ":\n  1. refresh()\nWhat failed:\n  SelfKeepingViewModel was not freed by the end of the test.",
            "    trackForLeaks(tester.viewModel)\n        trackForLeaks(tester.spy)\n        tester.send({ $0.refresh() })"
        )
    }

    /// Work an input starts that leaves the main actor (a nonisolated call) and then changes an output without a
    /// reload is found: a turn after a step goes through the global executor when work was enqueued there.
    func testWorkThatLeftTheMainActorIsCheckedWhenItComesBack() async {
        let explorer = ContractExplorer(
            { ViewModelTester(AwayAndForgetfulViewModel(), spy: CounterSpy()) },
            inputs: [.call("refreshButtonDidTap()") { $0.refreshButtonDidTap() }])
        explorer.runs = 20
        explorer.seed = 11
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        // The input left a task running, so the explorer settled after it, and the printed test does too.
        assertOneFailure(
            reports, containing: "  1. refreshButtonDidTap()\nWhat failed:\n", "changed count (0 → 1)",
            "        tester.send({ $0.refreshButtonDidTap() })\n        await tester.settle()\n")
    }

    /// The end of a sequence goes through the global executor, so that work one input sent away is back before the
    /// explorer's last look: found in (nearly) every one-step sequence, where turns on the main queue alone found it
    /// in about 60 of 200.
    func testWorkThatLeftTheMainActorAfterOneInputIsFoundInNearlyEverySequence() async {
        var found = 0
        for seed in 1...20 {
            let explorer = ContractExplorer(
                { ViewModelTester(AwayAndForgetfulViewModel(), spy: CounterSpy()) },
                inputs: [.call("refreshButtonDidTap()") { $0.refreshButtonDidTap() }])
            explorer.runs = 1
            explorer.maximumLength = 1
            explorer.seed = UInt64(seed)
            explorer.usesEnvironment = false
            let reports = await FailureReporter.capture { await explorer.run() }
            if reports.failures.contains(where: { $0.message.contains("changed count (0 → 1)") }) { found += 1 }
        }
        XCTAssertGreaterThanOrEqual(found, 17, "found in \(found) of 20 one-step sequences")
    }

    func testASequenceStopsAtItsFirstFailingStep() async {
        let explorer = ContractExplorer(
            { ViewModelTester(ForgetfulViewModel(), spy: CounterSpy()) },
            inputs: [
                .call("incrementButtonDidTap()") {
                    Steps.count += 1; $0.incrementButtonDidTap()
                }
            ])
        explorer.runs = 1
        explorer.seed = 5
        explorer.usesEnvironment = false
        var random = SplitMix64(seed: 5)
        XCTAssertGreaterThan(1 + random.index(below: explorer.maximumLength), 1, "the sequence has several steps")
        Steps.count = 0
        let reports = await FailureReporter.capture { await explorer.run() }
        XCTAssertEqual(Steps.count, 1, "no step ran after the first failed, nor while shrinking a single step")
        assertOneFailure(
            reports,
            containing: "(seed 5, sequence 1 of 1), 1 step, none of which could be left out:\n"
                + "  1. Steps.count += 1; incrementButtonDidTap()\nWhat failed:\n"
                + "  `Steps.count += 1; incrementButtonDidTap()` changed count (0 → 1) without a reload.\n")
    }

    /// A step that did nothing (a step of the test's that found nothing to answer) is kept, and another step is drawn
    /// after it, so that a sequence of one input can still tap: up to 8 in a row.
    func testAStepThatDidNothingIsFollowedByAnotherDrawnStep() async {
        func explorer(_ inputs: [ExplorerInput<CounterViewModel>]) -> ContractExplorer<CounterViewModel, CounterSpy> {
            let explorer = ContractExplorer({ ViewModelTester(CounterViewModel(), spy: CounterSpy()) }, inputs: inputs)
            explorer.maximumLength = 1
            explorer.usesEnvironment = false
            return explorer
        }
        let idle: ExplorerInput<CounterViewModel> = .step("// nothing to answer") {
            Steps.count += 1
            return false
        }
        let alone = explorer([idle])
        alone.runs = 3
        Steps.count = 0
        let quiet = await FailureReporter.capture { await alone.run() }
        XCTAssertEqual(quiet.filter { $0.severity == .failure }.map(\.message), [])
        XCTAssertEqual(Steps.count, 3 * 9, "each one-step sequence: the idle step and 8 more drawn after it")
        var grown: [UInt64] = []
        for seed: UInt64 in 1...12 {
            let withTap = explorer([idle, .call("incrementButtonDidTap()") { $0.incrementButtonDidTap() }])
            withTap.invariant("the count stays 0") { $0.count == 0 }
            withTap.runs = 1
            withTap.seed = seed
            let reports = await FailureReporter.capture { await withTap.run() }
            let message = reports.first { $0.severity == .failure }?.message ?? ""
            // The idle steps drawn first are shrunk away.
            if message.contains("(seed \(seed), sequence 1 of 1), shrunk from "),
                message.contains(" steps to 1:\n  1. incrementButtonDidTap()\n")
            {
                grown.append(seed)
            }
        }
        XCTAssertEqual(grown, [3], "in seed 3 the one step drawn is the idle one, and a tap follows it")
    }

    func testReadingTheOutputsMustCallNoDelegateMethod() async {
        let explorer = ContractExplorer(
            { ViewModelTester(TattlingViewModel(), spy: CounterSpy()) }, inputs: [.call("tap()") { $0.tap() }])
        explorer.runs = 1
        explorer.seed = 5
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(
            reports,
            containing: """
                  After `tap()`, reading the outputs called the delegate.
                  To fix: make `outputs` a plain read of stored values (such as `store.outputs`), with no work that \
                changes state or calls the delegate.
                """)
    }

    func testReadingTheOutputsMustNotChangeThem() async {
        let explorer = ContractExplorer(
            { ViewModelTester(ShiftingViewModel(), spy: CounterSpy()) }, inputs: [.call("tap()") { $0.tap() }])
        explorer.runs = 1
        explorer.seed = 5
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        let message = reports.failures.first?.message ?? ""
        XCTAssertEqual(reports.failures.count, 1, "\(reports.failures.messages)")
        XCTAssertTrue(message.contains("  After `tap()`, reading the outputs changed them: count ("), message)
    }

    func testAViewModelThatKeepsTheContractPassesAndSaysWhatItRan() async {
        let explorer = ContractExplorer(
            { ViewModelTester(CounterViewModel(), spy: CounterSpy()) },
            inputs: [
                .call("incrementButtonDidTap()") { $0.incrementButtonDidTap() },
                .call("titleFieldDidChange(_:)", with: .text(around: [5], including: ["Count: 1"])) {
                    $0.titleFieldDidChange($1)
                },
            ])
        explorer.invariant("the count never goes down") { $0.count >= 0 }
        explorer.runs = 20
        explorer.seed = 42
        explorer.usesEnvironment = false
        let reports = await FailureReporter.capture { await explorer.run() }
        XCTAssertEqual(reports.failures.messages, [])
        XCTAssertEqual(
            reports.notes.messages,
            [
                "Exploring CounterViewModel with 20 random sequences of up to 24 inputs, seed 42: set "
                    + "PUREMVVM_EXPLORE_SEED=42 to run them again, PUREMVVM_EXPLORE_RUNS to run more."
            ])
    }

    func testAnExplorerWithNothingToRunFails() async {
        let explorer = ContractExplorer(makeLockTester, inputs: [])
        let reports = await FailureReporter.capture { await explorer.run() }
        assertOneFailure(reports, containing: "The contract explorer has nothing to run: 0 inputs")

        let increment = ExplorerInput<CounterViewModel>.call("incrementButtonDidTap()") { $0.incrementButtonDidTap() }
        let noRuns = ContractExplorer({ ViewModelTester(CounterViewModel(), spy: CounterSpy()) }, inputs: [increment])
        noRuns.runs = 0
        noRuns.usesEnvironment = false
        let noRunsReports = await FailureReporter.capture { await noRuns.run() }
        assertOneFailure(noRunsReports, containing: "nothing to run: 1 inputs, 0 runs, sequences of at most 24 steps")
    }

    // MARK: Parts

    func testTheSeedAndTheNumberOfRunsComeFromTheEnvironment() {
        XCTAssertEqual(ExplorerSettings.seed(in: ["PUREMVVM_EXPLORE_SEED": "12345"]), 12345)
        XCTAssertEqual(ExplorerSettings.seed(in: ["PUREMVVM_EXPLORE_SEED": "0xff"]), 255)
        XCTAssertNil(ExplorerSettings.seed(in: ["PUREMVVM_EXPLORE_SEED": "twelve"]))
        XCTAssertNil(ExplorerSettings.seed(in: [:]))
        XCTAssertEqual(ExplorerSettings.runs(in: ["PUREMVVM_EXPLORE_RUNS": "5000"]), 5000)
        XCTAssertNil(ExplorerSettings.runs(in: ["PUREMVVM_EXPLORE_RUNS": "0"]))
        XCTAssertTrue(ExplorerSettings.isTracing(in: ["PUREMVVM_EXPLORE_TRACE": "1"]))
    }

    func testTheSameSeedGivesTheSameSequences() {
        var first = SplitMix64(seed: 99)
        var second = SplitMix64(seed: 99)
        XCTAssertEqual((0..<5).map { _ in first.index(below: 1000) }, (0..<5).map { _ in second.index(below: 1000) })
        var third = SplitMix64(seed: 1)
        XCTAssertEqual(third.next(), 0x910A_2DEC_8902_5CC1, "SplitMix64's first output for seed 1")
    }

    func testTheTextCorpusHasEveryDocumentedCaseAsPastableCode() {
        let corpus = TextCorpus.texts(around: [6, 72], including: ["dimsky"])
        let texts = corpus.map(\.text)
        XCTAssertEqual(texts.first, "dimsky", "the test's own texts come first")
        for expected in [
            "", " ", "abcde", "abcdef", "abcdefg", String(repeating: "e\u{301}", count: 6), "caf\u{E9}", "cafe\u{301}",
            TextCorpus.family, "\u{200F}abc\u{200E}", "\u{7}", "\u{0}", "\u{1B}[31mred\u{1B}[0m",
            String(repeating: "a", count: 10_000), String(repeating: TextCorpus.family, count: 72),
        ] {
            XCTAssertTrue(texts.contains(expected), expected.debugDescription)
        }
        XCTAssertEqual(TextCorpus.code(for: "cafe\u{301}"), #""cafe\u{301}""#)
        XCTAssertEqual(TextCorpus.code(for: "a\"\\\t\0"), #""a\"\\\t\0""#)
        XCTAssertEqual(
            TextCorpus.code(for: String(repeating: "a", count: 10_000)), #"String(repeating: "a", count: 10000)"#)
        let optional = InputArgument<String?>.optionalText()
        var random = SplitMix64(seed: 5)
        let choice = optional.choose(&random)
        XCTAssertEqual(choice.simpler().first?.code, "nil", "nil is the simplest text")
    }

    /// How many steps the explorer ran, counted by an input.
    @MainActor private enum Steps {
        static var count = 0
    }

    /// Every number of a range can be drawn, both ends included, and none outside it.
    func testIntegersAreDrawnFromTheWholeRangeEndsIncluded() {
        var random = SplitMix64(seed: 3)
        let argument = InputArgument<Int>.int(in: -1...1)
        XCTAssertEqual(Set((0..<64).map { _ in argument.choose(&random).value }), [-1, 0, 1])
    }

    func testRangesWiderThanIntMaxAreDrawnWithoutOverflow() {
        var random = SplitMix64(seed: 5)
        let everything = InputArgument<Int>.int(in: Int.min...Int.max)
        let drawn = (0..<64).map { _ in everything.choose(&random).value }
        XCTAssertTrue(drawn.contains { $0 < 0 } && drawn.contains { $0 > 0 }, "\(drawn)")
        let wide = InputArgument<Int>.int(in: -10...Int.max)
        for _ in 0..<64 {
            let choice = wide.choose(&random)
            XCTAssertTrue((-10...Int.max).contains(choice.value))
            XCTAssertEqual(choice.simpler().first?.value, 0, "shrinks toward zero from \(choice.value)")
        }
    }

    func testABoolArgumentDrawsBothValuesAndShrinksTowardFalse() {
        var random = SplitMix64(seed: 5)
        let choices = (0..<20).map { _ in InputArgument<Bool>.bool.choose(&random) }
        XCTAssertEqual(Set(choices.map(\.value)), [false, true])
        XCTAssertEqual(choices.first { $0.value }?.simpler().map(\.value), [false])
    }

    func testIntegersShrinkTowardZeroAndMethodNamesKeepTheirLabels() {
        var random = SplitMix64(seed: 11)
        let choice = InputArgument<Int>.int(in: -1...40).choose(&random)
        XCTAssertEqual(choice.simpler().first?.value, 0)
        XCTAssertEqual(MethodName("menuCellDidSelect(at:)").call(with: "2"), "menuCellDidSelect(at: 2)")
        XCTAssertEqual(MethodName("usernameDidChange(_:)").call(with: "nil"), "usernameDidChange(nil)")
        XCTAssertEqual(MethodName("login()").call(with: nil), "login()")
        XCTAssertEqual(MethodName("login").call(with: nil), "login()")
    }
}
