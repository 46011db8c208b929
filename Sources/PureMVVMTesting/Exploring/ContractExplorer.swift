public import PureMVVM
internal import Testing

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
    /// The most steps in one sequence; 24 by default. Each sequence has between 1 and this many.
    public var maximumLength = 24

    private struct Invariant {
        let description: String
        /// Where it was written: its code is read from there for the printed test.
        let location: FailureLocation
    }

    private let makeTester: () -> ViewModelTester<Model, Spy>
    private let inputs: [ExplorerInput<Model>]
    /// The kinds of child ViewModels followed, and the inputs sent to them (see `children(_:in:spy:inputs:…)`).
    var childKinds: [ChildKind] = []
    /// The kinds of screens the ViewModel pushes that are followed (see `pushedScreens(_:from:spy:inputs:…)`):
    /// pushed screen `n` is of kind `-(n + 1)` among the children's kinds, which count from 0.
    var pushKinds: [PushKind<Spy.Event>] = []
    /// The inputs to children and pushed screens, each of a kind.
    var childInputs: [ChildInput] = []
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
    /// The tasks the sequence's testers, inputs and steps started: an input after which none is left is not settled,
    /// and a settle goes through the global executor only while one is.
    private let inputTasks = InputTasks()
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
                let draw = sequence(number)
                let outcome = await execute(draw.steps, number: number, redrawing: draw)
                guard outcome.failed else { continue }
                let (shrunk, final) = await shrink(Array(outcome.steps.prefix(outcome.stepsRun)), outcome)
                report(shrunk, final, from: outcome.stepsRun, number: number, at: location)
                return
            }
        }
    }

    // MARK: Sequences

    /// The steps drawn for one sequence, and what draws a step in place of one that did nothing.
    private struct SequenceDraw {
        var steps: [ExploredStep]
        var random: SplitMix64
        let enabled: [Int]
    }

    /// The sequence of a number: the same for the same seed, whatever ran before it.
    private func sequence(_ number: Int) -> SequenceDraw {
        var random = SplitMix64(seed: seed &+ UInt64(number) &* 0xD1B5_4A32_D192_ED03)
        let length = 1 + random.index(below: maximumLength)
        // Swarm testing: each sequence uses a random half or so of the inputs, so that it repeats a few often
        // enough to reach states deep behind them (Groce et al., "Swarm Testing", ISSTA 2012); over many sequences
        // every combination of inputs comes up.
        let count = actions.count + childInputs.count
        var enabled: [Int] = []
        for input in 0..<count where random.next() & 1 == 0 { enabled.append(input) }
        if enabled.isEmpty { enabled = Array(0..<count) }
        var draw = SequenceDraw(steps: [], random: random, enabled: enabled)
        draw.steps.reserveCapacity(length)
        for _ in 0..<length { draw.steps.append(nextStep(&draw)) }
        return draw
    }

    /// Draws a step from the sequence's inputs.
    private func nextStep(_ draw: inout SequenceDraw) -> ExploredStep {
        let input = draw.enabled[draw.random.index(below: draw.enabled.count)]
        let action = input < actions.count ? actions[input] : childInputs[input - actions.count].action
        var step = ExploredStep(input: input, argument: action.choose?(&draw.random))
        if input >= actions.count { step.target = draw.random.next() }
        return step
    }

    /// How many steps are added in a row after steps that did nothing (a step of the test's that found no call to
    /// answer, a child's input with no child), so that a sequence spends its length on steps that act, as a stateful
    /// property test draws another rule when a rule's precondition fails.
    private static var redraws: Int { 8 }

    /// The step as the printed test writes it: the closure a `send` takes, or a step's statements.
    private func code(of step: ExploredStep) -> String {
        stepCode(of: step).printed(argument: step.argument?.code)
    }

    /// The step as failures name it: `login()` for `{ $0.login() }`.
    private func name(of step: ExploredStep) -> String {
        stepCode(of: step).name(argument: step.argument?.code)
    }

    private func stepCode(of step: ExploredStep) -> StepCode {
        step.input < inputs.count ? inputs[step.input].code : childInputs[step.input - inputs.count].code
    }

    private func kind(of step: ExploredStep) -> ExplorerInputKind {
        step.input < actions.count ? actions[step.input].kind : .call
    }

    /// Runs one sequence on a fresh tester, capturing what the checks report; stops after the first step that
    /// fails. With a draw, another step drawn from it follows each step that did nothing (up to ``redraws`` in a row);
    /// the outcome has the steps that ran.
    private func execute(
        _ steps: [ExploredStep], number: Int?, redrawing: SequenceDraw? = nil
    ) async -> ExploredOutcome {
        var steps = steps
        var draw = redrawing
        let sink = FailureSink()
        var reloads: [[ParentReceive]] = []
        var settled: [Bool] = []
        var childEvents: [ChildEvents] = []
        var childOfStep: [Int?] = []
        var childEndReloads: [(child: Int, reloads: Int)] = []
        var ranToTheEnd = false
        var endReloads: [ParentReceive] = []
        var failedInvariants = Set<Int>()
        var leaked = false
        await FailureReporter.$sink.withValue(sink) {
            let leaks = LeakTracker()
            var work: TestScope?
            // Steps are named (their arguments written as Swift) only for a message, the log or a trace.
            let stepName: (Int) -> String = { [unowned self] in name(of: steps[$0]) }
            do {
                let tester = inputTasks.run { makeTester() }
                tester.strictness = .partial
                tester.stepName = stepName
                tester.checksUnfinishedWork = false  // a sequence may end with work in flight: checked below
                work = tester.workScope
                leaks.track(tester.viewModel, at: createdAt)
                leaks.track(tester.spy, at: createdAt)
                // The children followed, in the order they were attached; a step's child is one of them.
                var children: [(kind: Int, attached: AttachedChild)] = []
                // Steps that did nothing in a row: after each, another is drawn and added (up to `redraws`).
                var idleInARow = 0
                var index = 0
                while index < steps.count {
                    defer { index += 1 }
                    let step = steps[index]
                    // Whatever arrived since the last step was checked after it: nothing runs on the main actor in
                    // between.
                    var didSomething = true
                    var child: Int?
                    if isTracing {
                        print(
                            "explore: sequence \(number.map { "\($0 + 1)" } ?? "(shrinking)"), step \(index + 1): "
                                + name(of: step)
                        )
                    }
                    if step.input < actions.count {
                        let action = actions[step.input]
                        switch action.kind {
                        case .call:
                            inputTasks.run {
                                tester.send(
                                    named: .step(index), { _ = action.perform($0, step.argument?.value) },
                                    outputs: { _ in }, at: createdAt)
                            }
                        case .step:
                            if let performAsync = action.performAsync {
                                didSomething = await inputTasks.run { await performAsync() }
                            } else {
                                didSomething = inputTasks.run { action.perform(tester.viewModel, step.argument?.value) }
                            }
                        }
                    } else {
                        let input = childInputs[step.input - actions.count]
                        let candidates = children.indices.filter { children[$0].kind == input.kind }
                        if candidates.isEmpty {
                            didSomething = false
                        } else {
                            let chosen = candidates[Int(step.target % UInt64(candidates.count))]
                            child = chosen + 1
                            inputTasks.run {
                                input.send(
                                    children[chosen].attached.tester(), .step(index), step.argument?.value, createdAt)
                            }
                            didSomething = true
                        }
                    }
                    if !didSomething, sink.failureCount == 0, var next = draw, idleInARow < Self.redraws {
                        // Kept in the sequence, in case it did something after all; shrinking takes it out.
                        idleInARow += 1
                        steps.insert(nextStep(&next), at: index + 1)
                        draw = next
                    } else if didSomething {
                        idleInARow = 0
                    }
                    childOfStep.append(child)
                    // What the printed test does after the step: settle, then receive each reload that arrived
                    // (a step that answered no call did nothing to settle). A step that failed already ends it.
                    var received: [ParentReceive] = []
                    var events = ChildEvents()
                    var didSettle = false
                    if sink.failureCount > 0 { didSomething = false }
                    if didSomething {
                        // A step of the test's own settles, through the global executor (it may have answered work
                        // waiting there). An input settles only while a task the sequence started is left (see
                        // InputTasks): else what it did is done, and the printed test does not settle either. The
                        // printed test's settle() always goes through the global executor: when no such task is
                        // left by then, that turn finds none of their work to run.
                        let isOwnStep = kind(of: step) == .step
                        if isOwnStep || inputTasks.anyRunning {
                            didSettle = true
                            await tester.settle(
                                throughGlobalExecutor: isOwnStep || self.inputTasks.anyRunning, at: createdAt)
                        }
                        received = await receiveCalls(of: tester, &children, stepName: stepName)
                        events.reloads = await receiveChildReloads(children)
                        events.attached = attachChildren(to: tester, &children, stepName: stepName)
                    }
                    childEvents.append(events)
                    reloads.append(received)
                    settled.append(didSettle)
                    let name = { "`\(self.name(of: step))`" }
                    checkReadOnly(tester, after: name)
                    failedInvariants.formUnion(checkInvariants(tester.viewModel.outputs, after: name, step: index + 1))
                    if sink.failureCount > 0 { break }
                }
                if sink.failureCount == 0 {
                    // The printed test ends the same way: one more settle, the reloads it brought, then the tester
                    // ends with the test.
                    ranToTheEnd = true
                    await tester.settle(at: createdAt)
                    endReloads = await receiveCalls(of: tester, &children, stepName: stepName)
                    childEndReloads = await receiveChildReloads(children)
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
            failures: sink.reports.filter { $0.severity == .failure }, steps: steps, stepsRun: reloads.count,
            receivesAfterStep: reloads, settledAfterStep: settled, ranToTheEnd: ranToTheEnd, receivesAtEnd: endReloads,
            childrenAfterStep: childEvents, childOfStep: childOfStep, childReloadsAtEnd: childEndReloads,
            leaked: leaked,
            failedInvariants: failedInvariants)
    }

    /// Attaches a tester to each child the parent keeps now that has none, kind by kind, in the order of the parent's
    /// rows; returns them for the printed test, numbered from 1 in the order of attachment.
    private func attachChildren(
        to tester: ViewModelTester<Model, Spy>, _ children: inout [(kind: Int, attached: AttachedChild)],
        stepName: @escaping (Int) -> String
    ) -> [(number: Int, kind: Int, idCode: String)] {
        guard !childKinds.isEmpty else { return [] }
        var new: [(number: Int, kind: Int, idCode: String)] = []
        for (kind, childKind) in childKinds.enumerated() {
            let known = Set(children.filter { $0.kind == kind }.map(\.attached.id))
            for attached in childKind.attach(tester, known, stepName) {
                children.append((kind, attached))
                new.append((children.count, kind, attached.idCode))
            }
        }
        return new
    }

    /// Receives what arrived from the explored ViewModel, in order, as the printed test does: each reload, and each
    /// navigation that hands over the ViewModel of a pushed screen followed, whose tester it makes. Other calls are
    /// skipped, as a non-exhaustive `receiveReload()` skips them.
    private func receiveCalls(
        of tester: ViewModelTester<Model, Spy>, _ children: inout [(kind: Int, attached: AttachedChild)],
        stepName: @escaping (Int) -> String
    ) async -> [ParentReceive] {
        guard !pushKinds.isEmpty else {
            let count = await tester.receiveArrivedReloads(at: createdAt)
            return Array(repeating: .reload, count: count)
        }
        var received: [ParentReceive] = []
        while let first = tester.collectedCalls().first {
            let isReload: (RecordedCall<Outputs, Spy.Event>) -> Bool = { if case .reload = $0 { true } else { false } }
            // Each kind's `from` is called once for the call, as the printed test's `receive` calls it once: it
            // may hand the screen over, as a navigation stack's spy that lets it go does.
            var found: (kind: Int, pushed: AnyObject)?
            if case .event(let event) = first {
                for kind in pushKinds.indices {
                    guard let pushed = pushKinds[kind].extract(event) else { continue }
                    found = (kind, pushed)
                    break
                }
            }
            if let (kind, pushed) = found {
                let pushKind = pushKinds[kind]
                guard
                    let next = await tester.receive(
                        { _ in pushed }, fileID: createdAt.fileID, filePath: createdAt.filePath,
                        line: createdAt.line, column: createdAt.column)
                else { break }
                children.append((-(kind + 1), pushKind.attach(tester, next, stepName)))
                received.append(.pushed(number: children.count, kind: kind))
            } else if isReload(first) || tester.collectedCalls().contains(where: isReload) {
                await tester.receiveReload(
                    outputs: { _ in }, fileID: createdAt.fileID, filePath: createdAt.filePath, line: createdAt.line,
                    column: createdAt.column)
                received.append(.reload)
            } else {
                break
            }
        }
        return received
    }

    /// Receives the reloads that arrived at each child, as the printed test does with `childN.receiveReload()`.
    private func receiveChildReloads(
        _ children: [(kind: Int, attached: AttachedChild)]
    ) async -> [(child: Int, reloads: Int)] {
        var received: [(child: Int, reloads: Int)] = []
        for (offset, child) in children.enumerated() {
            let count = await child.attached.tester().receiveArrivedReloads(at: createdAt)
            if count > 0 { received.append((offset + 1, count)) }
        }
        return received
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

    /// The failing steps as a test that drives a `ViewModelTester`: a Swift Testing `@Test` when the exploration
    /// runs inside one, an XCTest method otherwise.
    private func reproduction(_ steps: [ExploredStep], _ outcome: ExploredOutcome) -> String {
        let testerType = "\(ViewModelTester<Model, Spy>.self)"
        let swiftTesting = Test.current != nil
        // A child's tester is made with `try`.
        let pushes = (outcome.receivesAfterStep + [outcome.receivesAtEnd]).joined().contains {
            if case .pushed = $0 { true } else { false }
        }
        let effects =
            outcome.childrenAfterStep.contains { !$0.attached.isEmpty } || pushes ? "async throws" : "async"
        let header: String
        if swiftTesting {
            header =
                "@Test\(outcome.leaked ? "(.trackingLeaks)" : "") func exploredSequenceSeed\(seed)() \(effects) {"
        } else {
            header = "func testExploredSequenceSeed\(seed)() \(effects) {"
        }
        var lines: [String]
        switch TesterMaker.form(
            in: SourceFile.at("\(createdAt.filePath)"), line: Int(createdAt.line), column: Int(createdAt.column))
        {
        case .call(let maker):
            lines = [header, "    let tester = \(indented(maker))"]
        case .typedCall(let maker):
            lines = [header, "    let tester: \(testerType) = \(indented(maker))"]
        case .parameter:
            // The explorer's tester is made by code that only the function making the explorer can see (a generic
            // helper's parameter or type parameter): the test takes a fresh tester from its caller instead.
            lines = [
                "// Call it from a test with a fresh tester: `await exploredSequenceSeed\(seed)(<a new tester>)`.",
                "func exploredSequenceSeed\(seed)(_ tester: \(testerType)) \(effects) {",
            ]
        }
        lines.append("    tester.strictness = .partial")
        if outcome.leaked {
            lines.append("    trackForLeaks(tester.viewModel)")
            lines.append("    trackForLeaks(tester.spy)")
        }
        for (index, step) in steps.enumerated() {
            let code = code(of: step)
            if step.input >= actions.count {
                if index < outcome.childOfStep.count, let child = outcome.childOfStep[index] {
                    lines.append("    child\(child).send(\(code))")
                } else {
                    lines.append("    // \(name(of: step)): no child to send it to yet")
                }
            } else {
                switch actions[step.input].kind {
                case .call: lines.append("    tester.send(\(code))")
                case .step: lines.append("    " + indented(code))
                }
            }
            // A step that answered no call did nothing to settle: the explorer went on at once.
            if index < outcome.settledAfterStep.count, outcome.settledAfterStep[index] {
                lines.append("    await tester.settle()")
            }
            if index < outcome.receivesAfterStep.count {
                lines.append(contentsOf: printed(outcome.receivesAfterStep[index], swiftTesting: swiftTesting))
            }
            if index < outcome.childrenAfterStep.count {
                let events = outcome.childrenAfterStep[index]
                for (child, count) in events.reloads {
                    for _ in 0..<count { lines.append("    await child\(child).receiveReload()") }
                }
                for (number, kind, idCode) in events.attached {
                    let make =
                        childKinds[kind].code.makeTester(id: idCode)
                        ?? "try tester.child(\(childKinds[kind].code.typeName).self, id: \(idCode), …)"
                    lines.append("    let child\(number) = \(indented(make))")
                    lines.append("    child\(number).strictness = .partial")
                }
            }
        }
        if outcome.ranToTheEnd {
            lines.append("    await tester.settle()")
            lines.append(contentsOf: printed(outcome.receivesAtEnd, swiftTesting: swiftTesting))
            for (child, count) in outcome.childReloadsAtEnd {
                for _ in 0..<count { lines.append("    await child\(child).receiveReload()") }
            }
        }
        // A rule that uses locals of the function that made the explorer gets their declarations, copied.
        var copied: [String] = []
        for index in outcome.failedInvariants.sorted() {
            let invariant = invariants[index]
            let location = invariant.location
            if let code = Self.closureArgument(at: location),
                let declarations = TesterMaker.localDeclarations(
                    neededBy: code, in: SourceFile.at("\(location.filePath)"), line: Int(location.line),
                    column: Int(location.column))
            {
                for declaration in declarations where !copied.contains(declaration) {
                    copied.append(declaration)
                    lines.append("    " + indented(declaration))
                }
                let assertion = swiftTesting ? "#expect" : "XCTAssertTrue"
                lines.append(
                    "    \(assertion)(\(indented(code))(tester.viewModel.outputs), "
                        + "\(TextCorpus.code(for: invariant.description)))")
            } else {
                lines.append("    // Here the invariant \(TextCorpus.code(for: invariant.description)) does not hold.")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// What the printed test receives from the explored ViewModel.
    private func printed(_ receives: [ParentReceive], swiftTesting: Bool) -> [String] {
        receives.flatMap { receive -> [String] in
            switch receive {
            case .reload:
                return ["    await tester.receiveReload()"]
            case .pushed(let number, let kind):
                let code = pushKinds[kind].code
                let extract = code.extract() ?? "<the navigation to \(code.typeName)>"
                let spy = code.spy() ?? "<a spy for \(code.typeName)>"
                let require = swiftTesting ? "try #require" : "try XCTUnwrap"
                return [
                    "    let pushed\(number) = await tester.receive(\(indented(extract)))",
                    "    let screen\(number) = \(require)(pushed\(number))",
                    "    let child\(number) = tester.pushedScreen(screen\(number), spy: \(indented(spy))())",
                    "    child\(number).strictness = .partial",
                ]
            }
        }
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
