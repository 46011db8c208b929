import Dispatch
import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// A contract explorer's turns of the main actor: each lets the jobs waiting on the main queue run, then those on
/// the global executor, and leaves the code under test where it would run anyway.
@MainActor
final class MainActorTurnsTests: GuardedTestCase {
    func testATurnLetsTheJobsWaitingOnTheMainQueueRun() async {
        let turns = MainActorTurns()
        await turns.withCheapTurns {
            let first = Flag()
            let second = Flag()
            Task { @MainActor in first.isSet = true }
            Task { @MainActor in second.isSet = true }
            XCTAssertFalse(first.isSet || second.isSet, "nothing runs before the turn")
            await turns.take()
            XCTAssertTrue(first.isSet && second.isSet, "both jobs waiting on the main queue ran during the turn")
        }
    }

    func testATurnRunsOnTheMainQueueAndCountsItsPass() async {
        let turns = MainActorTurns()
        await turns.withCheapTurns {
            let before = MainActorTurns.passes.withLock { $0 }
            let onMainQueue = await isOnMainQueue()
            XCTAssertTrue(onMainQueue, "nonisolated code of the explorer's own task runs on the main queue")
            await turns.take()
            XCTAssertEqual(MainActorTurns.passes.withLock { $0 }, before + 1)
            await turns.take(throughGlobalExecutor: true)
            XCTAssertEqual(MainActorTurns.passes.withLock { $0 }, before + 3, "one pass on each executor")
            XCTAssertEqual(turns.count, 2)
            XCTAssertEqual(turns.globalCount, 1)
        }
    }

    func testWorkTheCodeUnderTestStartsDoesNotInheritTheMainQueue() async {
        let turns = MainActorTurns()
        await turns.withCheapTurns {
            let started = Task { await isOnMainQueue() }
            let result = await independentlyBounded("the task the code under test started") { await started.value }
            XCTAssertEqual(try? result?.get(), false, "a Task { } of the code under test runs off the main queue")
        }
    }
}

/// A value the test's main-actor jobs set.
@MainActor
private final class Flag {
    var isSet = false
}

/// Whether nonisolated code runs in a block of the main queue: where the task it runs in prefers.
private nonisolated func isOnMainQueue() async -> Bool {
    MainActorCheck.isOnMainActor
}
