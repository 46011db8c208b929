import LoginFeature
import TestSupport
import XCTest

@testable import Gallery

/// How `--trace` writes the values a sign-in returns: a user as the Swift call that makes it, with the full name
/// and the account service's messages only when there are some.
final class TraceTextTests: GuardedTestCase {
    func testAUserShowsItsFullNameAndMessagesOnlyWhenItHasThem() {
        XCTAssertEqual(TraceText.user(User(name: "dimsky")), #"User(name: "dimsky")"#)
        XCTAssertEqual(
            TraceText.user(User(name: "ada", fullName: "Ada Lovelace")), #"User(name: "ada", fullName: "Ada Lovelace")"#
        )
        XCTAssertEqual(
            TraceText.user(User(name: "ada", fullName: "Ada Lovelace", messages: [.init(.info, "Hi")])),
            #"User(name: "ada", fullName: "Ada Lovelace", messages: [.info("Hi")])"#)
    }

    func testAPasswordThatMustBeChangedShowsItsReason() {
        XCTAssertEqual(
            TraceText.error(.passwordChangeRequired(reason: "Password must be changed")),
            #".passwordChangeRequired(reason: "Password must be changed")"#)
    }
}
