import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// The one task in flight for an action: started again it cancels or refuses the one in flight, freed it cancels,
/// its outcome arrives typed on the main actor, and a cancelled task's outcome never arrives.
@MainActor
final class InFlightTaskTests: GuardedTestCase {
    private struct Failed: Error, Equatable { let code: Int }
    private typealias Calls = PendingCalls<Int, Int, Failed>
    private let calls = Calls(whenCancelled: Failed(code: -1))

    /// What reached the action's `then`, in order.
    private final class Outcomes {
        var values: [Result<Int, Failed>] = []
    }

    private func start(
        _ task: InFlightTask<Int, Failed>, _ request: Int, into outcomes: Outcomes
    ) -> Bool {
        task.start { [calls] () async throws(Failed) -> Int in
            try await calls.wait(for: request)
        } then: {
            outcomes.values.append($0)
        }
    }

    private func settle() async {
        _ = await WorkWatch.shared.settle(throughGlobalExecutor: false, timeout: TimeLimitExceeded.defaultTimeout)
    }

    func testTheOutcomeArrivesOnTheMainActorWithItsOwnFailureType() async {
        let task = InFlightTask<Int, Failed>()
        let outcomes = Outcomes()
        XCTAssertFalse(task.isRunning)
        XCTAssertTrue(start(task, 1, into: outcomes))
        XCTAssertTrue(task.isRunning)
        await settle()
        XCTAssertTrue(calls.respond(with: 10))
        await settle()
        XCTAssertFalse(task.isRunning, "done")
        XCTAssertTrue(start(task, 2, into: outcomes))
        await settle()
        XCTAssertTrue(calls.fail(with: Failed(code: 7)))
        await settle()
        XCTAssertEqual(outcomes.values, [.success(10), .failure(Failed(code: 7))])
    }

    func testStartingAgainCancelsTheTaskInFlightByDefault() async {
        let task = InFlightTask<Int, Failed>()
        let outcomes = Outcomes()
        _ = start(task, 1, into: outcomes)
        await settle()
        XCTAssertTrue(start(task, 2, into: outcomes), "started: the first one is cancelled")
        await settle()
        XCTAssertEqual(calls.history.map { "\($0.request) \($0.outcome)" }, ["1 cancelled", "2 waiting"])
        XCTAssertTrue(calls.respond(with: 20))
        await settle()
        XCTAssertEqual(outcomes.values, [.success(20)], "the cancelled task's outcome never arrives")
    }

    func testARefusingActionKeepsTheTaskInFlight() async {
        let task = InFlightTask<Int, Failed>(overlap: .refuse)
        let outcomes = Outcomes()
        XCTAssertTrue(start(task, 1, into: outcomes))
        await settle()
        XCTAssertFalse(start(task, 2, into: outcomes), "refused while the first is in flight")
        await settle()
        XCTAssertEqual(calls.requests, [1])
        XCTAssertTrue(calls.respond(with: 10))
        await settle()
        XCTAssertEqual(outcomes.values, [.success(10)])
        XCTAssertTrue(start(task, 3, into: outcomes), "started again once the first finished")
        task.cancel()
        await settle()
    }

    /// Side by side: each start runs, each outcome arrives, in the order they finish; cancel() and freeing it stop
    /// every one.
    func testTasksAlongsideEachOtherAllRunAndEachOutcomeArrives() async {
        var task: InFlightTask<Int, Failed>? = InFlightTask<Int, Failed>(overlap: .runAlongside)
        let outcomes = Outcomes()
        XCTAssertTrue(start(task!, 1, into: outcomes))
        XCTAssertTrue(start(task!, 2, into: outcomes), "started beside the first")
        XCTAssertTrue(start(task!, 3, into: outcomes))
        await settle()
        XCTAssertEqual(calls.pendingRequests, [1, 2, 3])
        XCTAssertTrue(calls.respond(with: 10))
        await settle()
        XCTAssertTrue(task!.isRunning, "two still run")
        XCTAssertTrue(calls.respond(with: 20))
        await settle()
        XCTAssertEqual(outcomes.values, [.success(10), .success(20)])
        XCTAssertTrue(calls.respond(with: 30))
        await settle()
        XCTAssertFalse(task!.isRunning, "each cleared its own entry as it ended")
        XCTAssertTrue(start(task!, 6, into: outcomes))
        XCTAssertTrue(start(task!, 7, into: outcomes))
        await settle()
        task!.cancel()
        XCTAssertFalse(task!.isRunning)
        await settle()
        XCTAssertEqual(calls.history.suffix(2).map { "\($0.request) \($0.outcome)" }, ["6 cancelled", "7 cancelled"])
        XCTAssertTrue(start(task!, 4, into: outcomes))
        XCTAssertTrue(start(task!, 5, into: outcomes))
        await settle()
        task = nil
        await settle()
        XCTAssertEqual(calls.pendingCount, 0, "freeing it cancelled both")
        XCTAssertEqual(outcomes.values, [.success(10), .success(20), .success(30)])
    }

    func testFreeingTheActionCancelsItsTaskAndNothingArrives() async {
        let outcomes = Outcomes()
        do {
            let task = InFlightTask<Int, Failed>()
            _ = start(task, 1, into: outcomes)
            await settle()
            XCTAssertEqual(calls.pendingCount, 1)
        }
        await settle()
        XCTAssertEqual(calls.pendingCount, 0, "freed: its task was cancelled")
        XCTAssertEqual(calls.history.map { "\($0.outcome)" }, ["cancelled"])
        XCTAssertEqual(outcomes.values, [])
    }

    /// An operation that answers after its task was cancelled (here, the fake's cancellation failure) is no failure
    /// of the action: the outcome is dropped.
    func testCancellingDropsEvenTheFailureTheCancellationCaused() async {
        let task = InFlightTask<Int, Failed>()
        let outcomes = Outcomes()
        _ = start(task, 1, into: outcomes)
        await settle()
        task.cancel()
        XCTAssertFalse(task.isRunning)
        await settle()
        XCTAssertEqual(calls.history.map { "\($0.outcome)" }, ["cancelled"])
        XCTAssertEqual(outcomes.values, [])
    }
}
