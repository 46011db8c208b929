import PureMVVM
import XCTest

@testable import SeedLogin

final class LoginOutputsTests: XCTestCase {
    func testAFreshScreenShowsNothingYet() {
        let outputs = LoginOutputs()
        XCTAssertEqual(outputs.usernameBorder, .neutral)
        XCTAssertFalse(outputs.isLoginEnabled)
    }

    func testChangesNameExactlyTheOutputsThatDiffer() {
        let before = LoginOutputs()
        var after = before
        after.usernameBorder = .valid
        after.isLoginEnabled = true
        XCTAssertEqual(after.changes(since: before), [.usernameBorder, .isLoginEnabled])
        XCTAssertTrue(after.changes(since: after).isEmpty)
    }
}
