import PureMVVMTesting
import XCTest

/// Waits in tests end: a task's value or an operation is waited for at most a timeout, then fails naming what the
/// test waited for.
final class BoundedWaitTests: XCTestCase {
    func testATaskThatEndsGivesItsValue() async throws {
        let task = Task { 42 }
        let value = try await task.value(awaiting: "the answer")
        XCTAssertEqual(value, 42)
    }

    func testATaskThatNeverEndsFailsNamingWhatWasAwaitedAndIsCancelled() async {
        let calls = PendingCalls<Void, Int, CancellationError>(whenCancelled: CancellationError())
        let task = Task { (try? await calls.wait(for: ())) ?? -1 }
        do {
            _ = try await task.value(awaiting: "an answer nobody gives", timeout: .milliseconds(20))
            XCTFail("it ended")
        } catch {
            XCTAssertEqual(error.awaited, "an answer nobody gives")
            XCTAssertEqual(error.timeout, .milliseconds(20))
            XCTAssertTrue(
                error.description.hasPrefix("Waited 0.02 seconds for an answer nobody gives, but none came."),
                error.description)
        }
        let ended = await task.value
        XCTAssertEqual(ended, -1, "the task was cancelled, so its wait ended")
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
        let value = try await withTimeout("a main-actor answer") {
            await counter.incrementButtonDidTap()
            return await counter.outputs.title
        }
        XCTAssertEqual(value, "Count: 1")
        let calls = PendingCalls<Void, Void, CancellationError>(whenCancelled: CancellationError())
        do {
            try await withTimeout("a call that never returns", timeout: .milliseconds(10)) {
                try? await calls.wait(for: ())
            }
            XCTFail("it returned")
        } catch {
            XCTAssertEqual(error.awaited, "a call that never returns")
        }
    }

    func testTheDefaultBoundIsFiveSeconds() {
        XCTAssertEqual(TimedOut.defaultTimeout, .seconds(5))
    }
}
