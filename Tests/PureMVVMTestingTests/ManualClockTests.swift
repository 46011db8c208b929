import Foundation
import PureMVVMTesting
import TestSupport
import XCTest

final class ManualClockTests: GuardedTestCase {
    func testASleeperWakesOnlyWhenTheClockReachesItsDeadline() async throws {
        let clock = ManualClock()
        let woke = expectation(description: "woke")
        let task = Task {
            try await clock.sleep(for: .seconds(2))
            woke.fulfill()
        }
        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .seconds(2))
        XCTAssertEqual(clock.sleeperCount, 1)

        await clock.advance(by: .seconds(1))
        XCTAssertEqual(clock.sleeperCount, 1, "one second early: still asleep")
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(clock.sleeperCount, 0)
        await fulfillment(of: [woke], timeout: 10)
        try await task.value(awaiting: "the sleeper to wake")
        XCTAssertEqual(clock.now.offset, .seconds(2))
    }

    func testSleepersWakeInDeadlineOrder() async throws {
        let clock = ManualClock()
        let order = OrderBox()
        let late = Task {
            try await clock.sleep(for: .seconds(3))
            await order.append(3)
        }
        try await clock.nextSleep()
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            await order.append(1)
        }
        try await clock.nextSleep()
        await clock.advance(by: .seconds(1))
        try await early.value(awaiting: "the early sleeper")
        await clock.advance(by: .seconds(5))
        try await late.value(awaiting: "the late sleeper")
        let values = await order.values
        XCTAssertEqual(values, [1, 3])
        XCTAssertEqual(clock.requestedDelays, [.seconds(3), .seconds(1)], "in the order the sleeps started")
    }

    func testOneAdvanceWakesEverySleeperDueInDeadlineOrder() async throws {
        let clock = ManualClock()
        let order = WakeOrder()
        let executor = OneAtATime()
        var sleepers: [Task<Void, any Error>] = []
        for seconds in [3, 1, 2, 9] {
            // On an executor that runs one job at a time in the order they came, the sleepers wake in the order
            // the clock resumes them.
            sleepers.append(
                Task(executorPreference: executor) {
                    try await clock.sleep(for: .seconds(seconds))
                    order.append(seconds)
                })
            try await clock.nextSleep()
        }
        await clock.advance(by: .seconds(5))
        for sleeper in sleepers.prefix(3) { try await sleeper.value(awaiting: "a sleeper due at 5 seconds") }
        XCTAssertEqual(order.values, [1, 2, 3])
        XCTAssertEqual(clock.sleeperCount, 1, "the sleeper due at 9 seconds sleeps on")
        sleepers[3].cancel()
    }

    func testADeadlineAlreadyPassedOrNowReturnsAtOnce() async throws {
        let clock = ManualClock()
        await clock.advance(by: .seconds(10))
        let slept = await independentlyBounded("sleeps that end at once") {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
            try await clock.sleep(until: clock.now, tolerance: nil)
            try await clock.sleep(for: .zero)
        }
        XCTAssertNotNil(try slept?.get())
        XCTAssertEqual(clock.sleeperCount, 0)
        XCTAssertEqual(clock.requestedDelays, [.seconds(-1), .zero, .zero])
        var handedOut: [Duration] = []
        for _ in 1...3 { handedOut.append(try await clock.nextSleep()) }
        XCTAssertEqual(handedOut, [.seconds(-1), .zero, .zero], "each sleep once, oldest first")
    }

    /// A sleep that ends at once still starts, so it wakes a test already waiting for the next sleep. Both tasks run
    /// on an executor that runs one job at a time in the order they came: the wait begins before the sleep.
    func testASleepThatEndsAtOnceWakesAWaitForTheNextSleep() async throws {
        let clock = ManualClock()
        let executor = OneAtATime()
        let waiter = Task(executorPreference: executor) { try await clock.nextSleep(timeout: .seconds(5)) }
        let sleeper = Task(executorPreference: executor) { try await clock.sleep(for: .zero) }
        let waited = await independentlyBounded("the wait for the next sleep") { try await waiter.value }
        XCTAssertEqual(try waited?.get(), .zero)
        let slept = await independentlyBounded("the sleep that ends at once") { try await sleeper.value }
        XCTAssertNotNil(try slept?.get())
    }

    func testCancellingASleeperThrows() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        try await clock.nextSleep()
        task.cancel()
        // Bounded independently of the module's own waits, so a broken bound fails here instead of hanging.
        let result = await independentlyBounded("the cancelled sleeper") { try await task.value }
        XCTAssertNotNil(result, "the cancelled sleeper did not end")
        XCTAssertThrowsError(try result?.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    /// A task cancelled before it sleeps throws at once: the sleep does not wait for a wake-up that never comes.
    func testASleepOfATaskCancelledBeforeItSleptThrowsAtOnce() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = await independentlyBounded("the sleep of a cancelled task") { try await task.value }
        XCTAssertNotNil(result, "the sleep of a cancelled task did not end")
        XCTAssertThrowsError(try result?.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(clock.sleeperCount, 0)
        XCTAssertEqual(clock.requestedDelays, [], "it never started")
    }

    func testWaitingForASleepThatNeverStartsFailsInsteadOfHanging() async {
        let clock = ManualClock()
        let waited = await independentlyBounded("nextSleep to give up") {
            try await clock.nextSleep(timeout: .milliseconds(10))
        }
        guard case .failure(let error as TimeLimitExceeded)? = waited else {
            return XCTFail("\(String(describing: waited))")
        }
        XCTAssertEqual(error.awaited, "a sleep on the ManualClock")
    }

    func testAnImmediateClockMovesItsTimeToEachLaterDeadline() async throws {
        let clock = RecordingClock()
        let start = clock.now
        try await clock.sleep(for: .seconds(5))
        XCTAssertEqual(start.duration(to: clock.now), .seconds(5))
        try await clock.sleep(until: start.advanced(by: .seconds(2)), tolerance: nil)
        XCTAssertEqual(start.duration(to: clock.now), .seconds(5), "an earlier deadline leaves the time as it is")
        XCTAssertEqual(clock.requestedDelays, [.seconds(5), .seconds(-3)])
    }

    func testAnImmediateClockThrowsInACancelledTaskAndTakesNoSleep() async throws {
        let clock = RecordingClock()
        let task = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await clock.sleep(for: .seconds(1))
                return false
            } catch {
                return error is CancellationError
            }
        }
        let threw = try await task.value(awaiting: "a sleep in a cancelled task", timeout: .seconds(1))
        XCTAssertTrue(threw)
        XCTAssertEqual(clock.requestedDelays, [], "a cancelled sleep is not recorded")
    }

    func testInstantArithmetic() {
        let start = ManualClock.Instant(offset: .seconds(1))
        XCTAssertEqual(start.advanced(by: .seconds(2)).offset, .seconds(3))
        XCTAssertEqual(start.duration(to: .init(offset: .seconds(4))), .seconds(3))
        XCTAssertLessThan(start, start.advanced(by: .nanoseconds(1)))
    }
}

/// Wake-ups in the order they happened.
private final class WakeOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    var values: [Int] { lock.withLock { stored } }
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
}

/// Runs jobs one at a time, in the order they were enqueued.
private final class OneAtATime: TaskExecutor {
    private let queue = DispatchQueue(label: "ManualClockTests.OneAtATime")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

private actor OrderBox {
    var values: [Int] = []
    func append(_ value: Int) { values.append(value) }
}

/// An advance moves time as a test clock does: every sleep due within it wakes, in deadline order and each at its
/// deadline, and the work it resumes runs before the next, so sleeps started during the advance wake too.
@MainActor
final class ManualClockAdvanceTests: GuardedTestCase {
    /// Sleeps a second at a time and records the clock's time at each tick, until cancelled; returns once its first
    /// sleep has started (a task the test makes itself is not followed until it sleeps: see the ManualClock's docs).
    private func ticking(on clock: ManualClock, into ticks: TickLog) async throws -> Task<Void, Never> {
        let timer = Task { @MainActor in
            while (try? await clock.sleep(for: .seconds(1))) != nil { ticks.values.append(clock.now.offset) }
        }
        try await clock.nextSleep()
        return timer
    }

    func testALoopThatSleepsASecondTicksThreeTimesInThreeSeconds() async throws {
        let clock = ManualClock()
        let ticks = TickLog()
        let timer = try await ticking(on: clock, into: ticks)
        await clock.advance(by: .seconds(3))
        XCTAssertEqual(ticks.values, [.seconds(1), .seconds(2), .seconds(3)])
        XCTAssertEqual(clock.now.offset, .seconds(3))
        await clock.advance(by: .milliseconds(1500))
        XCTAssertEqual(ticks.values, [.seconds(1), .seconds(2), .seconds(3), .seconds(4)], "4.5 s: one more tick")
        XCTAssertEqual(clock.now.offset, .milliseconds(4500))
        timer.cancel()
    }

    func testAdvancingToAnInstantTicksAsAdvancingByTheSameTime() async throws {
        let clock = ManualClock()
        let ticks = TickLog()
        let timer = try await ticking(on: clock, into: ticks)
        await clock.advance(to: ManualClock.Instant(offset: .seconds(3)))
        XCTAssertEqual(ticks.values, [.seconds(1), .seconds(2), .seconds(3)])
        await clock.advance(to: ManualClock.Instant(offset: .seconds(3)))
        XCTAssertEqual(ticks.values.count, 3, "no time passed: no tick")
        timer.cancel()
    }

    func testSleepsOfSeveralTasksWakeInDeadlineOrderEachAtItsDeadline() async throws {
        let clock = ManualClock()
        let woke = TickLog()
        var tasks: [Task<Void, Never>] = []
        for seconds in [3, 1, 2] {
            tasks.append(
                Task { @MainActor in
                    guard (try? await clock.sleep(for: .seconds(seconds))) != nil else { return }
                    woke.values.append(clock.now.offset)
                    // A sleep started by work an earlier wake-up resumed, due within the same advance.
                    guard seconds == 1, (try? await clock.sleep(for: .milliseconds(1500))) != nil else { return }
                    woke.values.append(clock.now.offset)
                })
            try await clock.nextSleep()
        }
        await clock.advance(by: .seconds(5))
        XCTAssertEqual(woke.values, [.seconds(1), .seconds(2), .milliseconds(2500), .seconds(3)])
        for task in tasks {
            task.cancel()
            try await task.value(awaiting: "a sleeper to end")
        }
    }

    func testRunningTheClockWakesEverySleepUntilNoneIsLeft() async throws {
        let clock = ManualClock()
        let woke = TickLog()
        let task = Task { @MainActor in
            for seconds in [2, 5, 1] {
                guard (try? await clock.sleep(for: .seconds(seconds))) != nil else { return }
                woke.values.append(clock.now.offset)
            }
        }
        try await clock.nextSleep()
        await clock.run()
        XCTAssertEqual(woke.values, [.seconds(2), .seconds(7), .seconds(8)])
        XCTAssertEqual(clock.now.offset, .seconds(8))
        XCTAssertEqual(clock.sleeperCount, 0)
        task.cancel()
        try await task.value(awaiting: "the sleeper to end")
    }

    func testRunningAClockWithARepeatingTimerFailsSayingSo() async throws {
        let clock = ManualClock()
        let ticks = TickLog()
        let timer = try await ticking(on: clock, into: ticks)
        let reports = await FailureReporter.capture { await clock.run(timeout: .milliseconds(50)) }
        assertOneFailure(
            reports,
            containing: "ManualClock.run() still had 1 sleeper after 0.05 seconds",
            "work that starts a new sleep each time it wakes, such as a repeating timer, never lets the clock run "
                + "out of sleeps.\nTo fix: move such a clock with advance(by:) or advance(to:), as far as the test "
                + "needs.")
        XCTAssertGreaterThan(ticks.values.count, 1)
        timer.cancel()
    }

    /// The work a wake-up resumes has run when the advance returns: no settle needed to see it.
    func testTheWorkAWakeUpResumesHasRunWhenTheAdvanceReturns() async throws {
        let clock = ManualClock()
        let saved = TickLog()
        let task = Task { @MainActor in
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            await Task.yield()
            saved.values.append(clock.now.offset)
        }
        try await clock.nextSleep()
        await clock.advance(by: .seconds(1))
        XCTAssertEqual(saved.values, [.seconds(1)])
        task.cancel()
        try await task.value(awaiting: "the sleeper to end")
    }
}

/// What the clock's sleepers saw, on the main actor.
@MainActor
final class TickLog {
    var values: [Duration] = []
}

/// A clock's `sleep` is a nonisolated `async` function: its code runs on another thread, so a timer's task leaves
/// the main actor before each sleep starts and after each ends. An advance waits for such a task (one a send
/// started: until it sleeps again or ends; one the test made: until it sleeps again, for a few rounds of turns), so
/// the ticks come out the same on every run: these run the same timer many times over, where a race would show.
@MainActor
final class ManualClockRepeatedTimerTests: GuardedTestCase {
    func testATimerASendStartedTicksThreeTimesInThreeSecondsEveryTime() async {
        var counts: [Int] = []
        for _ in 0..<40 {
            let clock = ManualClock()
            let tester = ViewModelTester(MeetingTimerViewModel(minutes: 1, clock: clock), spy: MeetingTimerSpy())
            tester.strictness = .partial
            tester.send({ $0.startButtonDidTap() }) { $0.isRunning = true }
            await clock.advance(by: .seconds(3))
            counts.append(tester.spy.recorder.callCount - 1)
        }
        XCTAssertEqual(counts, Array(repeating: 3, count: 40))
    }

    func testATimerTheTestStartedTicksThreeTimesInThreeSecondsEveryTime() async throws {
        var counts: [Int] = []
        for _ in 0..<40 {
            let clock = ManualClock()
            let ticks = TickLog()
            let timer = Task { @MainActor in
                while (try? await clock.sleep(for: .seconds(1))) != nil { ticks.values.append(clock.now.offset) }
            }
            try await clock.nextSleep()
            await clock.advance(by: .seconds(3))
            counts.append(ticks.values.count)
            timer.cancel()
            try await timer.value(awaiting: "the timer to stop")
        }
        XCTAssertEqual(counts, Array(repeating: 3, count: 40))
    }
}
