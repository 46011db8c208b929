import Dispatch
import Synchronization
import XCTest

@testable import PureMVVMTesting

/// A contract explorer's turns of the main actor: each lets the jobs waiting on the main queue run, stays on the
/// main queue unless work left the main actor, and leaves the code under test where it would run anyway.
@MainActor
final class MainActorTurnsTests: XCTestCase {
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
            let before = MainActorTurns.passes.load(ordering: .relaxed)
            let onMainQueue = await isOnMainQueue()
            XCTAssertTrue(onMainQueue, "nonisolated code of the explorer's own task runs on the main queue")
            await turns.take()
            XCTAssertEqual(MainActorTurns.passes.load(ordering: .relaxed), before + 1)
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

    func testATurnGoesThroughTheGlobalExecutorOnlyAfterWorkWasEnqueuedThere() async {
        XCTAssertFalse(MainActorTurns.needsGlobalTurn(seen: 7, now: 7))
        XCTAssertTrue(MainActorTurns.needsGlobalTurn(seen: 7, now: 8))
        XCTAssertTrue(MainActorTurns.needsGlobalTurn(seen: nil, now: 8), "with no count before, it cannot tell")
        XCTAssertTrue(MainActorTurns.needsGlobalTurn(seen: 7, now: nil), "with no count now, it cannot tell")
        XCTAssertTrue(MainActorTurns.needsGlobalTurn(seen: nil, now: nil))
        let turns = MainActorTurns()
        await turns.withCheapTurns {
            let before = turns.globalTurns
            Task.detached {}
            await turns.take()
            XCTAssertEqual(turns.globalTurns, before + 1, "a detached task was enqueued on the global executor")
            // Once the global executor gets no more work, a turn stays on the main queue: within a few turns, for
            // work of earlier tests that may still end.
            var cheap = false
            for _ in 0..<10 where !cheap {
                let before = turns.globalTurns
                await turns.take()
                cheap = turns.globalTurns == before
            }
            XCTAssertTrue(cheap, "every turn went through the global executor, with no work enqueued there")
        }
    }

    func testJobsEnqueuedOnTheGlobalExecutorAreCounted() throws {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            let before = try XCTUnwrap(GlobalEnqueueCount.current, "the runtime's hook is found")
            Task.detached {}
            Task.detached {}
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(GlobalEnqueueCount.current), before + 2)
        #else
            XCTAssertNil(GlobalEnqueueCount.current)
        #endif
    }
}

/// A value the test's main-actor jobs set.
@MainActor
private final class Flag {
    var isSet = false
}

/// Whether nonisolated code runs in a block of the main queue: where the task it runs in prefers.
@concurrent
private func isOnMainQueue() async -> Bool {
    MainActorCheck.isOnMainActor
}
