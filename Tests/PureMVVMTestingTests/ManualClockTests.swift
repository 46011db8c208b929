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

    func testWaitingForASleepThatNeverStartsFailsInsteadOfHanging() async {
        let clock = ManualClock()
        let waited = await independentlyBounded("nextSleep to give up") {
            try await clock.nextSleep(timeout: .milliseconds(10))
        }
        guard case .failure(let error as TimeLimitExceeded)? = waited else { return XCTFail("\(String(describing: waited))") }
        XCTAssertEqual(error.awaited, "a sleep on the ManualClock")
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
