import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The tasks a contract explorer's inputs start are followed until they end, and the explorer goes through the
/// global executor after an input only while one of them is left.
@MainActor
final class InputTasksTests: GuardedTestCase {
    /// Runs an explorer for 10 sequences of seed 3, expecting no failure, and returns how many turns through the
    /// global executor its settles took.
    private func globalTurns<Model: ViewModel, Spy: DelegateSpy>(
        exploring explorer: ContractExplorer<Model, Spy>, line: UInt = #line
    ) async -> Int {
        explorer.runs = 10
        explorer.seed = 3
        explorer.usesEnvironment = false
        let before = WorkWatch.shared.globalTurns
        let reports = await FailureReporter.capture { await explorer.run() }
        XCTAssertEqual(reports.failures.messages, [], line: line)
        return WorkWatch.shared.globalTurns - before
    }

    /// A clock lets the main actor's work settle without a turn through the global executor (the settle takes one
    /// when it saw work off the main thread): an advance with nothing asleep takes none.
    func testAnAdvanceWithNothingAsleepTakesNoTurnThroughTheGlobalExecutor() async {
        let clock = ManualClock()
        await clock.advance(by: .zero)  // a settle: forgets work an earlier test left off the main thread
        let before = WorkWatch.shared.globalTurns
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(WorkWatch.shared.globalTurns - before, 0)
        XCTAssertEqual(clock.now.offset, .seconds(1))
    }

    func testATaskMadeInAnInputIsRunningUntilItEndsThoughItsHandleIsKept() async throws {
        let tasks = InputTasks()
        let work = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
        let task = tasks.run { Task { try? await work.wait(for: 1) } }
        XCTAssertTrue(tasks.anyRunning, "the task has not run yet")
        _ = try await work.next()
        XCTAssertTrue(tasks.anyRunning, "the task waits on the fake")
        XCTAssertTrue(work.respond(with: 2))
        let answer = try await task.value(awaiting: "the task the input made")
        XCTAssertEqual(answer, 2)
        XCTAssertFalse(tasks.anyRunning, "the task ended: its handle, still held here, does not keep it running")
    }

    func testATaskMadeByATaskOfAnInputIsFollowedToo() async throws {
        let tasks = InputTasks()
        let work = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
        let outer = tasks.run {
            Task { Task { try? await work.wait(for: 1) } }
        }
        let inner = try await outer.value(awaiting: "the task the input made")
        _ = try await work.next()
        XCTAssertTrue(tasks.anyRunning, "the task it made still waits on the fake")
        XCTAssertTrue(work.respond(with: 2))
        _ = try await inner.value(awaiting: "the task the input's task made")
        XCTAssertFalse(tasks.anyRunning)
    }

    func testCodeThatMakesNoTaskLeavesNoneRunning() {
        let tasks = InputTasks()
        var ran = false
        tasks.run { ran = true }
        XCTAssertTrue(ran)
        XCTAssertFalse(tasks.anyRunning)
    }

    /// The limit the docs state: a detached task inherits no task-local, so it is seen only through what it does
    /// (a call to a fake off the main thread) and the turns the explorer takes in any case.
    func testADetachedTaskIsNotFollowed() async throws {
        let tasks = InputTasks()
        let work = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
        let task = tasks.run { Task.detached { try? await work.wait(for: 1) } }
        _ = try await work.next()
        XCTAssertFalse(tasks.anyRunning)
        XCTAssertTrue(work.respond(with: 2))
        _ = try await task.value(awaiting: "the detached task")
    }

    // MARK: The explorer's turns through the global executor

    func testInputsWhoseTasksHaveEndedTakeNoTurnThroughTheGlobalExecutor() async {
        let explorer = ContractExplorer(
            { ViewModelTester(CounterViewModel(), spy: CounterSpy()) },
            inputs: [
                .call("titleFieldDidChange(_:)", with: .text(around: [5], including: ["Count: 1"])) {
                    $0.titleFieldDidChange($1)
                }
            ])
        let turns = await globalTurns(exploring: explorer)
        XCTAssertEqual(
            turns, 10, "one at the end of each sequence, none after an input")
    }

    func testEveryInputWhileItsTaskIsLeftTakesATurnThroughTheGlobalExecutor() async {
        let work = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
        var inputs = 0
        let explorer = ContractExplorer(
            { ViewModelTester(TidyViewModel(), spy: CounterSpy()) },
            inputs: [
                .call("refreshButtonDidTap(work)") {
                    inputs += 1
                    $0.refreshButtonDidTap(work)
                }
            ])
        let turns = await globalTurns(exploring: explorer)
        XCTAssertGreaterThan(inputs, 10, "some sequences have several inputs")
        // At least one after each input and one at the end of each sequence; more where cancelling the task the
        // input before left waiting moved something after that turn.
        XCTAssertGreaterThanOrEqual(turns, inputs + 10)
    }

    func testATaskTheViewModelStartsAsItIsMadeIsFollowed() async {
        let work = PendingCalls<Int, Int, CancellationError>(whenCancelled: CancellationError())
        var inputs = 0
        let explorer = ContractExplorer(
            { ViewModelTester(LoadingAtOnceViewModel(work), spy: CounterSpy()) },
            inputs: [
                .call("titleFieldDidChange(_:)", with: .text(around: [5], including: ["Count: 1"])) {
                    inputs += 1
                    $0.titleFieldDidChange($1)
                }
            ])
        let turns = await globalTurns(exploring: explorer)
        XCTAssertGreaterThan(inputs, 10)
        XCTAssertGreaterThanOrEqual(
            turns, inputs + 10, "the load started with the ViewModel is left")
    }

    func testATaskAStepOfTheTestsOwnThatAwaitsStartsIsFollowed() async {
        let (events, source) = AsyncStream<Void>.makeStream()
        defer { source.finish() }
        var started = false
        var steps = 0
        var inputsAfterTheStart = 0
        let explorer = ContractExplorer(
            { ViewModelTester(CounterViewModel(), spy: CounterSpy()) },
            inputs: [
                .step { () async -> Void in
                    steps += 1
                    guard !started else { return }
                    started = true
                    Task { for await _ in events {} }
                },
                .call("titleFieldDidChange(_:)", with: .text(around: [5], including: ["Count: 1"])) {
                    if started { inputsAfterTheStart += 1 }
                    $0.titleFieldDidChange($1)
                },
            ])
        let turns = await globalTurns(exploring: explorer)
        XCTAssertGreaterThan(inputsAfterTheStart, 0)
        XCTAssertEqual(
            turns, steps + inputsAfterTheStart + 10,
            "after each step, after each input once the step's task listens, and at the end of each sequence")
    }

    func testEveryStepOfTheTestsOwnTakesATurnThroughTheGlobalExecutor() async {
        var steps = 0
        let explorer = ContractExplorer(
            { ViewModelTester(CounterViewModel(), spy: CounterSpy()) },
            inputs: [.step("// a step that starts nothing") { () -> Void in steps += 1 }])
        let turns = await globalTurns(exploring: explorer)
        XCTAssertGreaterThan(steps, 10)
        XCTAssertEqual(turns, steps + 10, "one after each step, one at each end")
    }
}

/// Starts loading as it is made, as a screen that shows its data at once, and cancels the load when it is freed.
@MainActor
private final class LoadingAtOnceViewModel: ViewModel {
    weak var delegate: (any CounterDelegate)?
    var outputs: CounterOutputs { store.outputs }
    private let store = OutputStore(CounterOutputs())
    private var task: Task<Void, Never>?

    init(_ work: PendingCalls<Int, Int, CancellationError>) {
        task = Task { [weak self] in
            guard let count = try? await work.wait(for: 0), let self else { return }
            store.update(notifying: delegate) { $0.count = count }
        }
    }

    deinit {
        task?.cancel()
    }

    func titleFieldDidChange(_ title: String) {
        store.update(notifying: delegate) { $0.title = title }
    }
}
