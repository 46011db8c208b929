import TestSupport
import XCTest

@testable import login

/// The debug-only `PUREMVVM_TEST_DELAY_SCALE` takes a factor greater than 0 and at most 1; anything else leaves
/// `login` on the real clock (PipeTests proves the scaled delay is still waited on the real clock).
final class ScalingClockTests: GuardedTestCase {
    func testAFactorAboveZeroAndAtMostOneIsTaken() {
        XCTAssertEqual(ScalingClock(parsing: "0.25")?.scale, 0.25)
        XCTAssertEqual(ScalingClock(parsing: "1")?.scale, 1)
        XCTAssertEqual(ScalingClock(parsing: "0.001")?.scale, 0.001)
    }

    func testAnythingElseIsRefused() {
        for text in ["0", "-0.5", "1.5", "inf", "nan", "", "a quarter", " 0.25"] {
            XCTAssertNil(ScalingClock(parsing: text), "'\(text)'")
        }
    }
}
