import LoginFeature
import PureMVVM
import TestSupport
import XCTest

/// The failure policy's numbers, and the attempt counter every login screen shares.
final class LoginFailurePolicyTests: GuardedTestCase {
    func testTheStandardPolicyWaitsOneTwoFourSecondsAndAllowsThreeAttempts() {
        let policy = LoginFailurePolicy.standard
        XCTAssertEqual((1...3).map(policy.delay(afterFailure:)), [.seconds(1), .seconds(2), .seconds(4)])
        XCTAssertTrue(policy.allowsAttempt(afterFailures: 0))
        XCTAssertTrue(policy.allowsAttempt(afterFailures: 2))
        XCTAssertFalse(policy.allowsAttempt(afterFailures: 3))
    }

    func testTheDelayStopsGrowingAtTheMaximum() {
        let policy = LoginFailurePolicy(maximumFailures: nil, firstDelay: .seconds(1), maximumDelay: .seconds(5))
        XCTAssertEqual((1...5).map(policy.delay(afterFailure:)), [1, 2, 4, 5, 5].map { .seconds($0) })
        XCTAssertEqual(policy.delay(afterFailure: 10_000), .seconds(5), "no overflow after many failures")
        XCTAssertTrue(policy.allowsAttempt(afterFailures: 10_000))
    }

    func testTheUnlimitedPolicyNeverWaitsOrEnds() {
        let policy = LoginFailurePolicy.unlimited
        XCTAssertEqual(policy.delay(afterFailure: 1), .zero)
        XCTAssertEqual(policy.delay(afterFailure: 100), .zero)
        XCTAssertTrue(policy.allowsAttempt(afterFailures: 1_000))
    }

    func testAttemptsCountFailuresAndEndAtTheLimit() {
        var attempts = LoginAttempts(policy: .standard)
        XCTAssertFalse(attempts.isExhausted)
        XCTAssertEqual(attempts.recordFailure(), .seconds(1))
        XCTAssertEqual(attempts.recordFailure(), .seconds(2))
        XCTAssertFalse(attempts.isExhausted)
        XCTAssertEqual(attempts.recordFailure(), .seconds(4))
        XCTAssertEqual(attempts.failures, 3)
        XCTAssertTrue(attempts.isExhausted)
    }

    func testEveryErrorHasItsWordsAndCancellingHasNone() {
        XCTAssertEqual(LoginAlerts.english.alert(for: .invalidCredentials)?.message, "Wrong username or password.")
        XCTAssertEqual(
            LoginAlerts.english.alert(for: .lockedOut)?.message, "Too many failed attempts. Try again later.")
        XCTAssertEqual(
            LoginAlerts.english.alert(for: .unavailable)?.message,
            "The account service cannot be reached. Try again later.")
        XCTAssertNil(LoginAlerts.english.alert(for: .cancelled))
        XCTAssertEqual(LoginAlerts.english.noAttemptsLeft.title, "Sign-in failed")
        XCTAssertEqual(LoginAlerts.english.noAttemptsLeft.message, "Wrong username or password. No attempts left.")
    }
}
