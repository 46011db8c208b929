public import PureMVVM

/// Runs a ViewModel through many random sequences of inputs and checks the contract after every step; a failing
/// sequence is shrunk to a minimal one and printed as a `ViewModelTester` test you can paste.
///
/// List how to make a tester and the inputs, say what must always hold, and run:
///
/// ```swift
/// func testTheLoginScreenKeepsTheContract() async {
///     let username = InputArgument.optionalText(
///         around: [6, 32], including: ["dimsky"])
///     let password = InputArgument.optionalText(
///         around: [6, 72], including: ["balabala"])
///     let explorer = ContractExplorer(makeTester, inputs: [
///         .call("usernameDidChange(_:)", with: username) {
///             $0.usernameDidChange($1)
///         },
///         .call("passwordDidChange(_:)", with: password) {
///             $0.passwordDidChange($1)
///         },
///         .call("login()") { $0.login() },
///     ])
///     explorer.invariant("login is enabled only with both fields valid") {
///         let bothValid =
///             $0.usernameBorder == .valid && $0.passwordBorder == .valid
///         return !$0.isLoginEnabled || bothValid
///     }
///     await explorer.run()
/// }
/// ```
///
/// After every step it checks what every `ViewModelTester.send` checks, with the tester's independent change
/// detection: one reload per input naming exactly the outputs that changed, none when nothing changed, delegate
/// calls on the main thread. It also checks asynchronous reloads as they arrive (answer fake dependencies with
/// `ExplorerInput.step` inputs), that reading the outputs changes nothing and calls no delegate method
/// (outputs are read-only; the compiler already stops a view from writing them), and your invariants. At the
/// end of each sequence it checks that the ViewModel and its spy are freed, and then that no call to a
/// ``PendingCalls`` and no sleep on a ``ManualClock`` the sequence started still waits: a sequence may stop with
/// work in flight, but that work must end with its screen. A crash stops the test run: the seed was printed
/// before the first sequence, and `PUREMVVM_EXPLORE_TRACE=1` prints each step as it runs.
///
/// The sequences are random but seeded: the seed and the number of sequences are printed as a note at the start.
/// The environment variables `PUREMVVM_EXPLORE_SEED` and `PUREMVVM_EXPLORE_RUNS` set them, over ``seed`` and
/// ``runs`` set in the test (CI's 10,000 runs replace a test's 50), unless the test sets ``usesEnvironment`` to
/// `false`; without either, 100 sequences and a random seed. The first
/// failing sequence is shrunk (steps removed, arguments made simpler, as long as it still fails) and reported as
/// one failure: the steps, what failed, and a test to paste. Failures go to XCTest or Swift Testing, like the
/// tester's.
@MainActor
public final class ContractExplorer<Model: ViewModel, Spy: DelegateSpy> where Spy.Outputs == Model.Outputs {
    /// The outputs snapshot of the ViewModel under test.
    public typealias Outputs = Model.Outputs

    /// How many random sequences ``run(fileID:filePath:line:column:)`` tries; 100 by default.
    /// `PUREMVVM_EXPLORE_RUNS`, when set, replaces it as the run starts (see ``usesEnvironment``).
    public var runs = ExplorerSettings.defaultRuns {
        didSet { runsSetInTest = true }
    }
    /// The seed of the random sequences; a random one by default. `PUREMVVM_EXPLORE_SEED`, when set, replaces it
    /// as the run starts (see ``usesEnvironment``).
    public var seed = UInt64.random(in: 1...999_999_999) {
        didSet { seedSetInTest = true }
    }
    /// Whether `PUREMVVM_EXPLORE_SEED` and `PUREMVVM_EXPLORE_RUNS`, when set, replace ``seed`` and ``runs``, even
    /// values the test set; `true` by default, so CI's longer search and a printed seed always apply. Set it to
    /// `false` in a test that checks what one seed and number of runs find, such as a test of a planted bug's
    /// shrunk sequence.
    public var usesEnvironment = true
    private var seedSetInTest = false
    private var runsSetInTest = false
    /// The most steps in one sequence; 12 by default. Each sequence has between 1 and this many.
    public var maximumLength = 12

    private struct Invariant {
        let description: String
        /// Where it was written: its code is read from there for the printed test.
        let location: FailureLocation
    }

    private let makeTester: () -> ViewModelTester<Model, Spy>
    private let inputs: [ExplorerInput<Model>]
    // What a step reads, in arrays of types that do not depend on the ViewModel's: reading an element of an array
    // of `ExplorerInput<Model>` or `Invariant` looks up its generic metadata, at every step.
    /// The inputs' kinds, draws and actions, by position.
    private let actions: [ExplorerAction]
    /// Each invariant's rule, applied to the outputs where they lie.
    private var invariantChecks: [(UnsafeRawPointer) -> Bool] = []
    private let createdAt: FailureLocation
    private var invariants: [Invariant] = []
    private let isTracing = ExplorerSettings.isTracing(in: ExplorerSettings.environment)
    /// The turns of the main actor after each step.
    private let mainActorTurns = MainActorTurns()
    /// The most sequences run while shrinking one failure.
    private let shrinkingBudget = 500

    /// Creates an explorer.
    ///
    /// - Parameters:
    ///   - makeTester: Makes a fresh tester (a new ViewModel and spy) for each sequence: a function of the test
    ///     case such as `makeTester`, or a closure. The printed test starts with a call to it, as written here.
    ///   - inputs: What a sequence can do, each as likely as the others.
    ///   - fileID: Where the explorer is created; read to print the test.
    ///   - filePath: Where the explorer is created.
    ///   - line: Where the explorer is created.
    ///   - column: Where the explorer is created.
    public init(
        _ makeTester: @escaping () -> ViewModelTester<Model, Spy>,
        inputs: [ExplorerInput<Model>],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.makeTester = makeTester
        self.inputs = inputs
        actions = inputs.map { $0.action }
        createdAt = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Adds a rule that must hold after every step, such as a business rule of the screen.
    ///
    /// - Parameters:
    ///   - description: The rule in words, for failures: "login is enabled only with both fields valid".
    ///   - holds: Whether the outputs keep the rule.
    ///   - fileID: Where the rule is written; read to print it in the test.
    ///   - filePath: Where the rule is written.
    ///   - line: Where the rule is written.
    ///   - column: Where the rule is written.
    public func invariant(
        _ description: String,
        _ holds: @escaping (Outputs) -> Bool,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        invariants.append(Invariant(description: description, location: location))
        invariantChecks.append { outputs in holds(outputs.assumingMemoryBound(to: Outputs.self).pointee) }
    }

    /// Runs ``runs`` random sequences, stopping at the first that fails: it is shrunk and reported as one failure
    /// with a test to paste.
    ///
    /// - Parameters:
    ///   - fileID: The call site, for the failure.
    ///   - filePath: The call site, for the failure.
    ///   - line: The call site, for the failure.
    ///   - column: The call site, for the failure.
    public func run(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let settings = ExplorerSettings.choose(
            seed: (seed, seedSetInTest), runs: (runs, runsSetInTest), usesEnvironment: usesEnvironment,
            environment: ExplorerSettings.environment)
        guard settings.problems.isEmpty else {
            FailureReporter.fail(
                settings.problems.joined(separator: "\n")
                    + "\nTo fix: set it to a number, or unset it to run the test's own settings.",
                at: location)
            return
        }
        (seed, runs) = (settings.seed, settings.runs)
        guard !inputs.isEmpty, runs > 0, maximumLength > 0 else {
            FailureReporter.fail(
                """
                The contract explorer has nothing to run: \(inputs.count) inputs, \(runs) runs, sequences of at most \
                \(maximumLength) steps.
                To fix: give it at least one input, and positive runs and maximumLength.
                """,
                at: location
            )
            return
        }
        FailureReporter.note(
            """
            Exploring \(Model.self) with \(runs) random sequence\(runs == 1 ? "" : "s") of up to \(maximumLength) \
            inputs, seed \(seed): set \(ExplorerSettings.seedVariable)=\(seed) to run them again, \
            \(ExplorerSettings.runsVariable) to run more.\(settings.overrides.map { " " + $0 }.joined())
            """,
            at: location
        )
        // The turns stay on the main queue but after a step of the test's and at the end of a sequence (see
        // MainActorTurns); what the ViewModel starts with `Task { }` runs as it would in the app.
        await mainActorTurns.withCheapTurns {
            for number in 0..<runs {
                let steps = sequence(number)
                let outcome = await execute(steps, number: number)
                guard outcome.failed else { continue }
                let (shrunk, final) = await shrink(Array(steps.prefix(outcome.stepsRun)), outcome)
                report(shrunk, final, from: outcome.stepsRun, number: number, at: location)
                return
            }
        }
    }

    // MARK: Sequences

    /// The sequence of a number: the same for the same seed, whatever ran before it.
    private func sequence(_ number: Int) -> [ExploredStep] {
        var random = SplitMix64(seed: seed &+ UInt64(number) &* 0xD1B5_4A32_D192_ED03)
        let length = 1 + random.index(below: maximumLength)
        // Swarm testing: every other sequence uses a random half or so of the inputs, so that it repeats a few
        // often enough to reach states deep behind them (Groce et al., "Swarm Testing", ISSTA 2012); the others
        // use them all, for bugs that need many different inputs.
        var enabled = Array(0..<actions.count)
        if number % 2 == 1 {
            var subset: [Int] = []
            for input in 0..<actions.count where random.next() & 1 == 0 { subset.append(input) }
            if !subset.isEmpty { enabled = subset }
        }
        var steps: [ExploredStep] = []
        steps.reserveCapacity(length)
        for _ in 0..<length {
            let input = enabled[random.index(below: enabled.count)]
            steps.append(ExploredStep(input: input, argument: actions[input].choose?(&random)))
        }
        return steps
    }

    /// The step as the printed test writes it: the closure a `send` takes, or a step's statements.
    private func code(of step: ExploredStep) -> String {
        inputs[step.input].code.printed(argument: step.argument?.code)
    }

    /// The step as failures name it: `login()` for `{ $0.login() }`.
    private func name(of step: ExploredStep) -> String {
        inputs[step.input].code.name(argument: step.argument?.code)
    }

    /// Runs one sequence on a fresh tester, capturing what the checks report; stops after the first step that
    /// fails.
    private func execute(_ steps: [ExploredStep], number: Int?) async -> ExploredOutcome {
        let sink = FailureSink()
        var reloads: [Int] = []
        var failedInvariants = Set<Int>()
        var leaked = false
        await FailureReporter.$sink.withValue(sink) {
            let leaks = LeakTracker()
            var work: TestScope?
            // Steps are named (their arguments written as Swift) only for a message, the log or a trace.
            let stepName: (Int) -> String = { [unowned self] in name(of: steps[$0]) }
            do {
                let tester = makeTester()
                tester.exhaustivity = .off
                tester.stepName = stepName
                tester.checksUnfinishedWork = false  // a sequence may end with work in flight: checked below
                work = tester.workScope
                leaks.track(tester.viewModel, at: createdAt)
                leaks.track(tester.spy, at: createdAt)
                for (index, step) in steps.enumerated() {
                    if isTracing {
                        print(
                            "explore: sequence \(number.map { "\($0 + 1)" } ?? "(shrinking)"), step \(index + 1): "
                                + name(of: step)
                        )
                    }
                    // Whatever arrived since the last step was checked after it: nothing runs on the main actor in
                    // between.
                    let action = actions[step.input]
                    var turns = 1
                    switch action.kind {
                    case .call:
                        tester.send(
                            named: .step(index), { _ = action.perform($0, step.argument?.value) },
                            outputs: { _ in }, at: createdAt)
                    case .step:
                        turns = action.perform(tester.viewModel, step.argument?.value) ? 4 : 0
                    }
                    // Turns of the main actor, so that work a step finished (a fake that answered) can reload before
                    // the next input: a few after a step of the test's, the first through the global executor
                    // (the answer may resume work there), none after one that did nothing, one after an input.
                    // Work that takes longer is checked whenever it arrives.
                    for turn in 0..<turns { await mainActorTurns.take(throughGlobalExecutor: turn == 0 && turns > 1) }
                    let name = { "`\(self.name(of: step))`" }
                    reloads.append(tester.checkArrivedCalls(after: { "After \(name()), the ViewModel" }, at: createdAt))
                    checkReadOnly(tester, after: name)
                    failedInvariants.formUnion(checkInvariants(tester.viewModel.outputs, after: name, step: index + 1))
                    if sink.failureCount > 0 { break }
                }
                if sink.failureCount == 0 {
                    // Work that left the main actor after an input comes back by now.
                    for turn in 0..<3 { await mainActorTurns.take(throughGlobalExecutor: turn == 0) }
                    _ = tester.checkArrivedCalls(
                        after: { "At the end of the sequence, the ViewModel" }, at: createdAt)
                    await tester.finish(at: createdAt)
                }
            }
            let before = sink.failureCount
            await leaks.verify()
            leaked = sink.failureCount > before
            if !leaked, let work {
                UnfinishedWorkCheck.reportAfterRelease(of: work, stepName: stepName, at: createdAt)
            }
        }
        // A note (such as the tester's, once per outputs type, about fields it cannot compare) is for the user.
        for note in sink.reports where note.severity == .note {
            FailureReporter.note(note.message, at: note.location)
        }
        return ExploredOutcome(
            failures: sink.reports.filter { $0.severity == .failure }, stepsRun: reloads.count,
            reloadsAfterStep: reloads, leaked: leaked,
            failedInvariants: failedInvariants)
    }

    /// Reading the outputs twice gives the same values and calls no delegate method.
    private func checkReadOnly(_ tester: ViewModelTester<Model, Spy>, after name: () -> String) {
        let calls = tester.spy.recorder.callCount
        let first = tester.viewModel.outputs
        let second = tester.viewModel.outputs
        let changed = tester.contract.layout.changes(from: first, to: second)
        if !changed.isEmpty || tester.spy.recorder.callCount != calls {
            FailureReporter.fail(
                """
                After \(name()), reading the outputs \(changed.isEmpty ? "called the delegate" : "changed them: \(tester.contract.changeList(changed, from: first, to: second))").
                To fix: make `outputs` a plain read of stored values (such as `store.outputs`), with no work that \
                changes state or calls the delegate.
                """,
                at: createdAt
            )
        }
    }

    private func checkInvariants(_ outputs: Outputs, after name: () -> String, step: Int) -> Set<Int> {
        var failed = Set<Int>()
        withUnsafePointer(to: outputs) { pointer in
            for index in invariantChecks.indices where !invariantChecks[index](pointer) { failed.insert(index) }
        }
        for index in failed.sorted() {
            FailureReporter.fail(
                """
                After \(name()) (step \(step)), the invariant "\(invariants[index].description)" does not hold: \
                \(ValueDump(outputs).singleLine)
                To fix: find where the ViewModel lets the outputs break the rule, or correct the rule.
                """,
                at: createdAt
            )
        }
        return failed
    }

    // MARK: Shrinking

    /// Removes steps and simplifies arguments as long as the sequence still fails.
    private func shrink(_ steps: [ExploredStep], _ outcome: ExploredOutcome) async -> (
        [ExploredStep], ExploredOutcome
    ) {
        var best = steps
        var bestOutcome = outcome
        var budget = shrinkingBudget
        func attempt(_ candidate: [ExploredStep]) async -> Bool {
            guard budget > 0, !candidate.isEmpty else { return false }
            budget -= 1
            let result = await execute(candidate, number: nil)
            guard result.failed else { return false }
            best = Array(candidate.prefix(result.stepsRun))
            bestOutcome = result
            return true
        }
        var improved = true
        while improved, budget > 0 {
            improved = false
            // Remove runs of steps, halving the run until single steps.
            var chunk = max(1, best.count / 2)
            while chunk >= 1, budget > 0 {
                var start = 0
                while start < best.count, budget > 0 {
                    let end = min(best.count, start + chunk)
                    if await attempt(Array(best[..<start] + best[end...])) {
                        improved = true
                    } else {
                        start += chunk
                    }
                }
                chunk /= 2
            }
            // Make arguments simpler, simplest first.
            for index in best.indices where budget > 0 {
                guard index < best.count, let argument = best[index].argument else { continue }
                for simpler in argument.simpler() {
                    var candidate = best
                    candidate[index] = ExploredStep(input: best[index].input, argument: simpler)
                    if await attempt(candidate) {
                        improved = true
                        break
                    }
                }
            }
        }
        return (best, bestOutcome)
    }

    // MARK: Reporting

    private func report(
        _ steps: [ExploredStep], _ outcome: ExploredOutcome, from original: Int, number: Int,
        at location: FailureLocation
    ) {
        let size =
            original > steps.count
            ? "shrunk from \(original) steps to \(steps.count)"
            : "\(steps.count) step\(steps.count == 1 ? "" : "s"), none of which could be left out"
        let list = steps.enumerated().map { "  \($0.offset + 1). \(name(of: $0.element))" }.joined(separator: "\n")
        let failures = outcome.failures.map { failure in
            failure.message.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
                .joined(separator: "\n")
        }
        .joined(separator: "\n")
        FailureReporter.fail(
            """
            The contract explorer found a failing sequence for \(Model.self) (seed \(seed), sequence \(number + 1) \
            of \(runs)), \(size):
            \(list)
            What failed:
            \(failures)
            The same steps as a test to paste into the test case:

            \(reproduction(steps, outcome))

            To fix: run that test and fix the ViewModel (or the invariant, if the rule is wrong), and keep the test; \
            then run the explorer again with \(ExplorerSettings.seedVariable)=\(seed).
            """,
            at: location
        )
    }

    /// The failing steps as an XCTest method that drives a `ViewModelTester`.
    private func reproduction(_ steps: [ExploredStep], _ outcome: ExploredOutcome) -> String {
        let testerType = "\(ViewModelTester<Model, Spy>.self)"
        var lines: [String]
        switch TesterMaker.form(
            in: SourceFile.at("\(createdAt.filePath)"), line: Int(createdAt.line), column: Int(createdAt.column))
        {
        case .call(let maker):
            lines = ["func testExploredSequenceSeed\(seed)() async {", "    let tester = \(indented(maker))"]
        case .typedCall(let maker):
            lines = [
                "func testExploredSequenceSeed\(seed)() async {", "    let tester: \(testerType) = \(indented(maker))",
            ]
        case .parameter:
            // The explorer's tester is made by code that only the function making the explorer can see (a generic
            // helper's parameter or type parameter): the test takes a fresh tester from its caller instead.
            lines = [
                "// Call it from a test with a fresh tester: `await exploredSequenceSeed\(seed)(<a new tester>)`.",
                "func exploredSequenceSeed\(seed)(_ tester: \(testerType)) async {",
            ]
        }
        lines.append("    tester.exhaustivity = .off")
        if outcome.leaked {
            lines.append("    trackForLeaks(tester.viewModel)")
            lines.append("    trackForLeaks(tester.spy)")
        }
        for (index, step) in steps.enumerated() {
            let code = code(of: step)
            switch actions[step.input].kind {
            case .call: lines.append("    tester.send(\(code))")
            case .step: lines.append("    " + indented(code))
            }
            let reloads = index < outcome.reloadsAfterStep.count ? outcome.reloadsAfterStep[index] : 0
            for _ in 0..<reloads { lines.append("    await tester.receiveReload()") }
        }
        for index in outcome.failedInvariants.sorted() {
            let invariant = invariants[index]
            if let code = Self.closureArgument(at: invariant.location) {
                lines.append(
                    "    XCTAssertTrue(\(indented(code))(tester.viewModel.outputs), \(TextCorpus.code(for: invariant.description)))"
                )
            } else {
                lines.append("    // Here the invariant \(TextCorpus.code(for: invariant.description)) does not hold.")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// The last argument of the call at a location when it is a closure, as written: an invariant's rule.
    private static func closureArgument(at location: FailureLocation) -> String? {
        let arguments = SourceFile.at("\(location.filePath)").callArguments(
            line: Int(location.line), column: Int(location.column))
        guard arguments.count >= 2, let last = arguments.last, last.hasPrefix("{") else { return nil }
        return last
    }

    /// Code over several lines, indented to sit inside the printed test's body.
    private func indented(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : "    " + $0.element }
            .joined(separator: "\n")
    }
}

extension LeakTracker {
    /// Registers an object at a location the caller already has.
    fileprivate func track(_ object: AnyObject, at location: FailureLocation) {
        track(
            object, fileID: location.fileID, filePath: location.filePath, line: location.line,
            column: location.column)
    }
}
