internal import Dispatch
internal import Foundation
import PureMVVM
internal import XCTest

/// The help PureMVVMTesting gives a whole XCTest run, off until a test target switches it on: nothing in the
/// module acts on a test process that did not ask.
///
/// - The watchdog (``TestWatchdog``) ends a run that a stuck test keeps from making progress, naming the test,
///   instead of letting it hang CI. It does not end a run while a debugger is attached (on Apple platforms), nor
///   count the time the process is stopped, at a breakpoint or otherwise.
/// - The main-queue heartbeat ends swift-corelibs-xctest's waits for an `async` test when it ends, instead of up
///   to 0.1 seconds later (a lost wake-up of its run loop). Only on Linux and other platforms whose XCTest is
///   swift-corelibs-xctest; Apple's XCTest does not lose the wake-up.
///
/// Switch them on once, from the main thread, before the tests to watch: XCTest calls each test case class's
/// `class func setUp()` there, so a base class of your test cases does it for every test.
///
/// ```swift
/// class AppTestCase: XCTestCase {
///     override class func setUp() {
///         super.setUp()
///         XCTestRunGuards.start()
///     }
/// }
/// ```
///
/// The environment has the last word, so that CI can set what a run needs without a code change:
/// `PUREMVVM_WATCHDOG_SECONDS` sets the watchdog's limit (``TestWatchdog/limitVariable``, `0` turns it off) and
/// `PUREMVVM_MAIN_QUEUE_HEARTBEAT=0` turns the heartbeat off. A Swift Testing suite is watched with the
/// `.watchdog` trait instead.
public enum XCTestRunGuards {
    /// Switches on the watchdog and the main-queue heartbeat for every XCTest test case of this process that
    /// starts from now on. Later calls do nothing.
    ///
    /// Call it on the main thread, where XCTest calls `class func setUp()`: Apple's XCTest wants its observers
    /// added there. Called from another thread, it adds them on the main thread and returns once they are added.
    ///
    /// - Parameters:
    ///   - watchdog: Whether to watch the run with ``TestWatchdog``; `PUREMVVM_WATCHDOG_SECONDS=0` turns it off
    ///     anyway.
    ///   - mainQueueHeartbeat: Whether to beat the main queue while a test runs, where XCTest is
    ///     swift-corelibs-xctest; `PUREMVVM_MAIN_QUEUE_HEARTBEAT=0` turns it off anyway.
    public static func start(watchdog: Bool = true, mainQueueHeartbeat: Bool = true) {
        guard Thread.isMainThread else {
            DispatchQueue.main.sync { start(watchdog: watchdog, mainQueueHeartbeat: mainQueueHeartbeat) }
            return
        }
        MainThreadState.shared.start(watchdog: watchdog, mainQueueHeartbeat: mainQueueHeartbeat)
    }

    /// Whether the watchdog watches this process's XCTest tests: ``start(watchdog:mainQueueHeartbeat:)`` asked for
    /// it and the environment did not turn it off.
    public static var isWatching: Bool {
        MainThreadState.shared.isWatching
    }

    /// What was switched on, changed on the main thread only.
    private final class MainThreadState: @unchecked Sendable {
        static let shared = MainThreadState()
        private let lock = PlatformLock()
        private var watching = false
        private var beating = false

        var isWatching: Bool { lock.locked { watching } }

        func start(watchdog: Bool, mainQueueHeartbeat: Bool) {
            let (watch, beat) = lock.locked { () -> (Bool, Bool) in
                let watch = watchdog && !watching && TestWatchdog.shared != nil
                let beat =
                    mainQueueHeartbeat && !beating && MainQueueHeartbeat.isNeeded
                    && MainQueueHeartbeat.shared != nil
                watching = watching || watch
                beating = beating || beat
                return (watch, beat)
            }
            if watch { XCTestObservationCenter.shared.addTestObserver(WatchdogObserver()) }
            if beat { XCTestObservationCenter.shared.addTestObserver(MainQueueHeartbeat.Observer()) }
        }
    }
}
