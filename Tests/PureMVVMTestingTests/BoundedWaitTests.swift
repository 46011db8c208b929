import PureMVVMTesting
import TestSupport
import XCTest

/// Waits in tests end: a task's value or an operation is waited for at most a timeout, then fails naming what the
/// test waited for. The waits under test are themselves waited for with XCTest's own bound
/// (`independentlyBounded`), so a broken bound fails these tests instead of hanging them.
final class BoundedWaitTests: GuardedTestCase {
    func testATaskThatEndsGivesItsValue() async throws {
        let task = Task { 42 }
        let value = try await task.value(awaiting: "the answer")
        XCTAssertEqual(value, 42)
    }

    func testATaskThatNeverEndsFailsNamingWhatWasAwaitedAndIsCancelled() async throws {
        let calls = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let task = Task { (try? await calls.wait(for: ())) ?? -1 }
        let waited = await independentlyBounded("the bounded wait to end") {
            try await task.value(awaiting: "an answer nobody gives", timeout: .milliseconds(20))
        }
        switch waited {
        case .success?: XCTFail("it ended")
        case .failure(let error as TimeLimitExceeded)?:
            XCTAssertEqual(error.awaited, "an answer nobody gives")
            XCTAssertEqual(error.timeout, .milliseconds(20))
            XCTAssertTrue(
                error.description.hasPrefix("Waited 0.02 seconds for an answer nobody gives, but none came."),
                error.description)
        case .failure(let error)?: XCTFail("\(error)")
        case nil: return
        }
        let ended = await independentlyBounded("the cancelled task to end") { await task.value }
        XCTAssertEqual(try ended?.get(), -1, "the task was cancelled, so its wait ended")
    }

    func testAThrowingTaskRethrowsItsOwnError() async {
        struct Failure: Error {}
        let task = Task { () throws -> Int in throw Failure() }
        do {
            _ = try await task.value(awaiting: "a failure")
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error is Failure, "\(error)")
        }
    }

    @MainActor
    func testWithTimeoutRunsTheOperationAndBoundsIt() async throws {
        let counter = CounterViewModel()
        let value = try await withTimeLimit("a main-actor answer") {
            await counter.incrementButtonDidTap()
            return await counter.outputs.title
        }
        XCTAssertEqual(value, "Count: 1")
        let calls = PendingCalls<Void, Void, CancellationError>(whenCancelled: CancellationError())
        let waited = await independentlyBounded("the bounded wait to end") {
            try await withTimeLimit("a call that never returns", timeout: .milliseconds(10)) {
                try? await calls.wait(for: ())
            }
        }
        guard case .failure(let error as TimeLimitExceeded)? = waited else { return XCTFail("\(String(describing: waited))") }
        XCTAssertEqual(error.awaited, "a call that never returns")
        XCTAssertEqual(calls.pendingCount, 0, "the operation was cancelled, and with it its call")
    }

    func testAThrowingOperationIsBoundedAndRethrowsItsOwnError() async throws {
        struct Failure: Error {}
        let value = try await withTimeLimit("an answer") { () async throws -> Int in 7 }
        XCTAssertEqual(value, 7)
        do {
            _ = try await withTimeLimit("a failure") { () async throws -> Int in throw Failure() }
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error is Failure, "\(error)")
        }
        let calls = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let waited = await independentlyBounded("the bounded wait to end") {
            try await withTimeLimit("a call that never returns", timeout: .milliseconds(10)) {
                try await calls.wait(for: ())
            }
        }
        guard case .failure(let error as TimeLimitExceeded)? = waited else { return XCTFail("\(String(describing: waited))") }
        XCTAssertEqual(error.awaited, "a call that never returns")
    }

    func testCancellingTheCallerCancelsTheOperation() async throws {
        let calls = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let caller = Task {
            try await withTimeLimit("a call the caller gives up on") { try await calls.wait(for: ()) }
        }
        try await calls.next()
        caller.cancel()
        let ended = await independentlyBounded("the cancelled caller to end") { try await caller.value }
        guard case .failure(let error)? = ended else { return XCTFail("\(String(describing: ended))") }
        XCTAssertTrue(error is CancellationError, "the operation was cancelled, not timed out: \(error)")

        let quietCaller = Task {
            try await withTimeLimit("a call the caller gives up on") { try? await calls.wait(for: ()) }
        }
        try await calls.next()
        quietCaller.cancel()
        let quietEnd = await independentlyBounded("the cancelled caller to end") { try await quietCaller.value }
        guard case .success(let value)? = quietEnd else { return XCTFail("\(String(describing: quietEnd))") }
        XCTAssertNil(value, "the operation was cancelled, not timed out")
    }

    func testTheDefaultBoundIsFiveSeconds() {
        XCTAssertEqual(TimeLimitExceeded.defaultTimeout, .seconds(5))
    }
}
