import LoginFeature
import PureMVVM
import TestSupport
import XCTest

@testable import Gallery

/// MVI's reducer as the pure function it is: a state and an intent in, the next state and the effects out. No
/// view, no clock, no authenticator, no actor, no waiting: every test is a few values.
final class MVILoginReducerTests: GuardedTestCase {
    private typealias State = MVI.LoginState
    private let reducer = MVI.LoginReducer(rules: .standard, alerts: .english)
    private let dimsky = User(name: "dimsky")
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    private var untouched: State { State(failurePolicy: .standard) }

    /// The state after typing valid credentials.
    private var filledIn: State {
        let (withName, _) = reducer.reduce(untouched, .enterUsername("dimsky"))
        return reducer.reduce(withName, .enterPassword("balabala")).0
    }

    /// The state while signing in.
    private var signingIn: State { reducer.reduce(filledIn, .logIn).0 }

    func testEnteringAFieldValidatesItWithNoEffect() {
        let (state, effects) = reducer.reduce(untouched, .enterUsername("dim"))
        XCTAssertEqual(state.usernameBorder, tooShort)
        XCTAssertFalse(state.isUsernameValid)
        XCTAssertEqual(state.passwordBorder, .neutral)
        XCTAssertFalse(state.isLoginEnabled)
        XCTAssertEqual(effects, [])
    }

    func testBothFieldsValidEnableLogin() {
        XCTAssertEqual(filledIn.usernameBorder, .valid)
        XCTAssertEqual(filledIn.passwordBorder, .valid)
        XCTAssertTrue(filledIn.isLoginEnabled)
    }

    func testLoggingInStartsLoadingAndAsksToAuthenticate() {
        let (state, effects) = reducer.reduce(filledIn, .logIn)
        XCTAssertTrue(state.isLoading)
        XCTAssertFalse(state.isLoginEnabled)
        XCTAssertEqual(effects, [.authenticate(username: "dimsky", password: "balabala")])
    }

    func testLoggingInWhileDisabledChangesNothing() {
        let (state, effects) = reducer.reduce(untouched, .logIn)
        XCTAssertEqual(state, untouched)
        XCTAssertEqual(effects, [])
        let (again, moreEffects) = reducer.reduce(signingIn, .logIn)
        XCTAssertEqual(again, signingIn, "not twice")
        XCTAssertEqual(moreEffects, [])
    }

    func testASuccessStopsLoadingAndLeavesForHome() {
        let (state, effects) = reducer.reduce(signingIn, .authenticationDidFinish(.success(dimsky)))
        XCTAssertFalse(state.isLoading)
        XCTAssertEqual(effects, [.showHomeScreen(dimsky)])
    }

    func testWrongCredentialsCountAndWaitTheDelayStillLoading() {
        let (state, effects) = reducer.reduce(signingIn, .authenticationDidFinish(.failure(.invalidCredentials)))
        XCTAssertTrue(state.isLoading, "the failure is not shown before the delay")
        XCTAssertEqual(state.attempts.failures, 1)
        XCTAssertEqual(effects, [.wait(.seconds(1), then: .failureDelayDidEnd(.invalidCredentials))])
    }

    func testAfterTheDelayThePasswordIsForgottenAndTheAlertShown() {
        let (waiting, _) = reducer.reduce(signingIn, .authenticationDidFinish(.failure(.invalidCredentials)))
        let (state, effects) = reducer.reduce(waiting, .failureDelayDidEnd(.invalidCredentials))
        XCTAssertFalse(state.isLoading)
        XCTAssertNil(state.password)
        XCTAssertEqual(state.passwordBorder, .neutral)
        XCTAssertEqual(state.usernameBorder, .valid)
        XCTAssertFalse(state.isLoginEnabled)
        XCTAssertFalse(state.isLockedOut)
        XCTAssertEqual(effects, [.showAlert(LoginAlerts.english.alert(for: .invalidCredentials)!)])
    }

    func testTheThirdFailureLocksTheScreenAndEndsTheSession() {
        var state = filledIn
        var delays: [Duration] = []
        var lastEffects: [MVI.LoginEffect] = []
        for _ in 1...3 {
            state = reducer.reduce(state, .enterPassword("balabala")).0
            state = reducer.reduce(state, .logIn).0
            let (waiting, effects) = reducer.reduce(state, .authenticationDidFinish(.failure(.invalidCredentials)))
            if case .wait(let delay, _) = effects.first { delays.append(delay) }
            (state, lastEffects) = reducer.reduce(waiting, .failureDelayDidEnd(.invalidCredentials))
        }
        XCTAssertEqual(delays, [.seconds(1), .seconds(2), .seconds(4)])
        XCTAssertTrue(state.isLockedOut)
        XCTAssertEqual(lastEffects, [.showAlert(LoginAlerts.english.noAttemptsLeft), .endSession])
        XCTAssertFalse(reducer.reduce(state, .enterPassword("balabala")).0.isLoginEnabled)
    }

    func testAnUnavailableServiceAlertsAtOnceAndIsNotCounted() {
        let (state, effects) = reducer.reduce(signingIn, .authenticationDidFinish(.failure(.unavailable)))
        XCTAssertFalse(state.isLoading)
        XCTAssertEqual(state.attempts.failures, 0)
        XCTAssertEqual(effects, [.showAlert(LoginAlerts.english.alert(for: .unavailable)!)])
    }

    func testACancelledSignInShowsNoAlert() {
        let (state, effects) = reducer.reduce(signingIn, .authenticationDidFinish(.failure(.cancelled)))
        XCTAssertFalse(state.isLoading)
        XCTAssertEqual(effects, [])
    }
}
