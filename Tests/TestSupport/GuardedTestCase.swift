internal import PureMVVMTesting
public import XCTest

/// The base of this package's XCTest cases: it switches on PureMVVMTesting's run guards (the watchdog and, on
/// Linux, the main-queue heartbeat) before its first test, as the Testing a ViewModel article tells a project to,
/// so that no test of the suite can hang CI and no `async` test waits for a lost wake-up.
open class GuardedTestCase: XCTestCase {
    override open class func setUp() {
        super.setUp()
        XCTestRunGuards.start()
    }
}
