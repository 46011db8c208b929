internal import Dispatch
internal import Foundation
import PureMVVM
internal import XCTest

/// Puts an empty block on the main queue every ``interval`` while an XCTest test case runs, so that
/// swift-corelibs-xctest's waits end when their expectation is fulfilled instead of up to 0.1 seconds later.
///
/// corelibs XCTest runs the `async` `setUp` and `tearDown` of every test (and every `async` test) in a `Task` and
/// waits for it on the main run loop: it checks that the task is not done, then runs the run loop for at most 0.1
/// seconds, until `CFRunLoopStop` from the fulfilling thread ends the run. When the task finishes between the check
/// and the start of the run, the stop is lost (a run loop clears it as it starts) and the test waits the whole 0.1
/// seconds: 15 to 30 tests of a run did. A run ends early after handling a main-queue block, so a block every
/// ``interval`` bounds such a wait to about ``interval``. Between tests the timer is suspended; a process that
/// runs no XCTest test (a benchmark, a Swift Testing run) never starts it.
///
/// Switched on by ``XCTestRunGuards/start(watchdog:mainQueueHeartbeat:)``, where XCTest is swift-corelibs-xctest (not
/// on Apple platforms, whose XCTest does not lose the wake-up); `0` in the environment variable ``offVariable``
/// leaves it out, to measure the suite without it.
final class MainQueueHeartbeat: @unchecked Sendable {  // The timer is resumed and suspended under the lock.
    /// The environment variable that turns the heartbeat off with `0`: `PUREMVVM_MAIN_QUEUE_HEARTBEAT`.
    static let offVariable = "PUREMVVM_MAIN_QUEUE_HEARTBEAT"

    /// How often the block runs while a test runs: 2 milliseconds.
    static let interval: DispatchTimeInterval = .milliseconds(2)

    private struct State {
        var runningTests = 0
        var beats = 0
    }

    private let state = Locked(State())
    private let timer: any DispatchSourceTimer

    /// Creates a suspended heartbeat on a queue.
    ///
    /// - Parameters:
    ///   - queue: Where the block runs: the main queue, or another in this module's tests.
    ///   - interval: How often it runs while a test runs.
    init(queue: DispatchQueue = .main, interval: DispatchTimeInterval = MainQueueHeartbeat.interval) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: interval, leeway: .microseconds(500))
        timer.setEventHandler { [weak self] in self?.state.withLock { $0.beats += 1 } }
    }

    /// Whether the heartbeat is off in an environment: its ``offVariable`` is `0`.
    ///
    /// - Parameter environment: The process's environment.
    /// - Returns: `true` when the variable is `0`.
    static func isOff(in environment: [String: String]) -> Bool {
        environment[offVariable]?.trimmingCharacters(in: .whitespaces) == "0"
    }

    /// How many times the block has run.
    var beats: Int { state.withLock { $0.beats } }

    /// Whether the timer runs: a test has started and not yet ended.
    var isBeating: Bool { state.withLock { $0.runningTests > 0 } }

    /// Starts the timer when the first running test starts.
    func testDidStart() {
        state.withLock {
            $0.runningTests += 1
            if $0.runningTests == 1 { timer.resume() }
        }
    }

    /// Suspends the timer when the last running test ends; an end without a start is ignored.
    func testDidEnd() {
        state.withLock {
            guard $0.runningTests > 0 else { return }
            $0.runningTests -= 1
            if $0.runningTests == 0 { timer.suspend() }
        }
    }

    deinit {
        // A suspended or never started source must be resumed before its release; cancelled, it runs nothing.
        timer.cancel()
        if state.withLock({ $0.runningTests == 0 }) { timer.resume() }
    }
}

extension MainQueueHeartbeat {
    /// The heartbeat of this process, on the main queue: `nil` when turned off.
    static let shared: MainQueueHeartbeat? =
        isOff(in: ProcessInfo.processInfo.environment) ? nil : MainQueueHeartbeat()

    /// Starts and suspends ``shared`` as each XCTest test case starts and ends.
    final class Observer: NSObject, XCTestObservation {
        func testCaseWillStart(_ testCase: XCTestCase) {
            shared?.testDidStart()
        }

        func testCaseDidFinish(_ testCase: XCTestCase) {
            shared?.testDidEnd()
        }
    }
}
