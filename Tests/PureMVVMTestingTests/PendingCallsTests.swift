import PureMVVMTesting
import TestSupport
import XCTest

final class PendingCallsTests: GuardedTestCase {
    struct Failure: Error, Equatable { let code: Int }

    func testACallWaitsUntilTheTestResponds() async throws {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let task = Task { try await calls.wait(for: "first") }

        let request = try await calls.next()
        XCTAssertEqual(request, "first")
        XCTAssertEqual(calls.pendingCount, 1)
        XCTAssertTrue(calls.respond(with: 42))
        let value = try await task.value(awaiting: "the call to return")
        XCTAssertEqual(value, 42)
        XCTAssertEqual(calls.pendingCount, 0)
        XCTAssertFalse(calls.respond(with: 1), "nothing left to answer")
    }

    func testTheTestCanFailACallWithATypedError() async throws {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let task = Task { () -> Result<Int, Failure> in
            do throws(Failure) { return .success(try await calls.wait(for: "x")) } catch { return .failure(error) }
        }
        _ = try await calls.next()
        calls.fail(with: Failure(code: 7))
        let result = try await task.value(awaiting: "the call to return")
        XCTAssertEqual(result, .failure(Failure(code: 7)))
    }

    func testCallsAreAnsweredOldestFirstAndHandedOutOnce() async throws {
        let calls = PendingCalls<Int, Int, Failure>(whenCancelled: Failure(code: -1))
        let first = Task { try await calls.wait(for: 1) }
        let firstRequest = try await calls.next()
        let second = Task { try await calls.wait(for: 2) }
        let secondRequest = try await calls.next()
        XCTAssertEqual([firstRequest, secondRequest], [1, 2])
        XCTAssertEqual(calls.pendingCount, 2)

        calls.respond(with: 10)
        calls.respond(with: 20)
        let values = [
            try await first.value(awaiting: "the first call"), try await second.value(awaiting: "the second call"),
        ]
        XCTAssertEqual(values, [10, 20])
        XCTAssertEqual(calls.requests, [1, 2])
    }

    func testAnUnansweredCallStaysPending() async throws {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let task = Task { try? await calls.wait(for: "never") }
        _ = try await calls.next()
        XCTAssertEqual(calls.pendingCount, 1)
        task.cancel()
        _ = try await task.value(awaiting: "the cancelled call to end")
    }

    func testACancelledCallerGetsTheCancellationFailure() async throws {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let task = Task { () -> Result<Int, Failure> in
            do throws(Failure) { return .success(try await calls.wait(for: "x")) } catch { return .failure(error) }
        }
        _ = try await calls.next()
        task.cancel()
        let result = try await task.value(awaiting: "the call to return")
        XCTAssertEqual(result, .failure(Failure(code: -1)))
        XCTAssertEqual(calls.pendingCount, 0)
    }

    func testACallCancelledBeforeItWaitsFailsAtOnce() async throws {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let task = Task { () -> Result<Int, Failure> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(Failure) { return .success(try await calls.wait(for: "x")) } catch { return .failure(error) }
        }
        let result = try await task.value(awaiting: "the call to return")
        XCTAssertEqual(result, .failure(Failure(code: -1)))
        XCTAssertEqual(calls.pendingCount, 0)
    }

    func testWaitingForACallThatNeverComesFailsInsteadOfHanging() async {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let waited = await independentlyBounded("next() to give up") {
            try await calls.next(timeout: .milliseconds(10))
        }
        guard case .failure(let error as TimeLimitExceeded)? = waited else { return XCTFail("\(String(describing: waited))") }
        XCTAssertEqual(error.timeout, .milliseconds(10))
        XCTAssertTrue(error.description.hasPrefix("Waited 0.01 seconds for a call to PendingCalls<"), error.description)
        XCTAssertTrue(error.description.split(separator: "\n").last?.hasPrefix("To fix: ") ?? false)
    }

    func testTheHistoryKeepsEveryCallWithItsOutcome() async throws {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1))
        let first = Task { try? await calls.wait(for: "a") }
        _ = try await calls.next()
        let second = Task { try? await calls.wait(for: "b") }
        _ = try await calls.next()
        XCTAssertEqual(calls.pendingRequests, ["a", "b"])
        calls.respond(with: 1)
        _ = try await first.value(awaiting: "the first call")
        let third = Task { try? await calls.wait(for: "c") }
        _ = try await calls.next()
        second.cancel()
        _ = try await second.value(awaiting: "the cancelled call")
        calls.fail(with: Failure(code: 2))
        _ = try await third.value(awaiting: "the failed call")
        let fourth = Task { try? await calls.wait(for: "d") }
        _ = try await calls.next()
        XCTAssertEqual(
            calls.history.map(\.request), ["a", "b", "c", "d"], "oldest first, answered or not")
        XCTAssertEqual(
            calls.history.map(\.outcome), [.responded(1), .cancelled, .failed(Failure(code: 2)), .waiting])
        XCTAssertEqual(calls.maximumPendingCount, 2, "a and b waited at once")
        XCTAssertEqual(calls.pendingRequests, ["d"])
        fourth.cancel()
        _ = try await fourth.value(awaiting: "the last call")
    }

    func testTheMostCallsWaitingAtOnceIsOneWhenEachIsAnsweredFirst() async throws {
        let calls = PendingCalls<Int, Int, Failure>(whenCancelled: Failure(code: -1))
        XCTAssertEqual(calls.maximumPendingCount, 0)
        for number in 1...3 {
            let task = Task { try await calls.wait(for: number) }
            _ = try await calls.next()
            calls.respond(with: number)
            _ = try await task.value(awaiting: "call \(number)")
        }
        XCTAssertEqual(calls.maximumPendingCount, 1)
        XCTAssertEqual(calls.requests, [1, 2, 3])
    }

    /// A task cancelled just as its call starts waiting: the cancellation and the call race on other threads,
    /// and the call must end either way, never stay pending.
    func testACallCancelledAsItStartsWaitingNeverStaysPending() async throws {
        let calls = PendingCalls<Int, Int, Failure>(whenCancelled: Failure(code: -1))
        var spin = SplitMixSpin(seed: 20)
        for number in 0..<2_000 {
            let task = Task.detached { try? await calls.wait(for: number) }
            spin.wait()  // a few hundred nanoseconds or none: the cancel lands before, during or after the wait
            task.cancel()
            _ = try await task.value(awaiting: "cancelled call \(number) to end", timeout: .seconds(2))
        }
        XCTAssertEqual(calls.pendingCount, 0)
    }

    func testALabelNamesTheCallsInATimeout() async {
        let calls = PendingCalls<String, Int, Failure>(whenCancelled: Failure(code: -1), label: "orders service")
        XCTAssertEqual(calls.label, "orders service")
        do {
            _ = try await calls.next(timeout: .milliseconds(1))
            XCTFail("a call arrived")
        } catch {
            XCTAssertEqual(error.awaited, "a call to PendingCalls \"orders service\"")
        }
    }
}

/// A short, bounded busy wait of varying length, to land a cancellation at different moments of a call's start.
private struct SplitMixSpin {
    private var state: UInt64
    private(set) var sum: UInt64 = 0

    init(seed: UInt64) { state = seed }

    mutating func wait() {
        state &+= 0x9E37_79B9_7F4A_7C15
        for step in 0..<(state >> 54) { sum &+= step ^ state }
    }
}
