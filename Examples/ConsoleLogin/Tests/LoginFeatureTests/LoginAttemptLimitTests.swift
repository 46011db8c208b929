import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// `LoginViewModel` under the standard failure policy, on a manual clock: the delay after each failure, the
/// limit that ends the session, and what does not count. No sleeps: the test answers the authenticator and moves
/// the clock.
@MainActor
final class LoginAttemptLimitTests: GuardedTestCase {
    private let clock = ManualClock()
    private let wrongPassword = LoginAlerts.english.alert(for: .invalidCredentials)!

    /// A tester on the standard policy whose form is filled in with valid credentials.
    private func makeFilledInTester(_ fake: FakeAuthenticator) -> ViewModelTester<LoginViewModel, LoginSpy> {
        let tester = ViewModelTester(LoginViewModel(authenticator: fake, clock: clock), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
        return tester
    }

    /// Types the password again, as the user must after a failed attempt.
    private func retypePassword(_ tester: ViewModelTester<LoginViewModel, LoginSpy>) {
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
    }

    private func startLogin(_ tester: ViewModelTester<LoginViewModel, LoginSpy>) {
        tester.send({ $0.login() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }
    }

    /// Starts a login the fake refuses as wrong credentials, and lets the failure delay pass.
    private func failLoginAfterItsDelay(
        _ tester: ViewModelTester<LoginViewModel, LoginSpy>, _ fake: FakeAuthenticator
    ) async throws {
        startLogin(tester)
        _ = try await fake.calls.next()
        fake.calls.fail(with: .invalidCredentials)
        await clock.advance(by: try await clock.nextSleep())
    }

    func testAWrongPasswordKeepsLoadingThroughTheDelayThenAlerts() async throws {
        let fake = FakeAuthenticator()
        let tester = makeFilledInTester(fake)
        startLogin(tester)
        _ = try await fake.calls.next()
        fake.calls.fail(with: .invalidCredentials)

        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .seconds(1))
        XCTAssertTrue(tester.viewModel.outputs.isLoading, "the failure is not reported before the delay")
        await clock.advance(by: .seconds(1))

        await tester.receiveReload {
            $0.isLoading = false
            $0.passwordBorder = .neutral  // forgotten after a failed attempt
        }
        await tester.receive(.alert(wrongPassword))
    }

    func testTheDelayGrowsAndTheThirdFailureLocksTheScreen() async throws {
        let fake = FakeAuthenticator()
        let tester = makeFilledInTester(fake)

        for (number, seconds) in [(1, 1), (2, 2), (3, 4)] {
            if number > 1 { retypePassword(tester) }
            startLogin(tester)
            _ = try await fake.calls.next()
            fake.calls.fail(with: .invalidCredentials)
            let delay = try await clock.nextSleep()
            XCTAssertEqual(delay, .seconds(seconds), "delay after failure \(number)")
            await clock.advance(by: delay)
            if number < 3 {
                await tester.receiveReload {
                    $0.isLoading = false
                    $0.passwordBorder = .neutral  // forgotten after a failed attempt
                }
                await tester.receive(.alert(wrongPassword))
            } else {
                await tester.receiveReload {
                    $0.isLoading = false
                    $0.isLockedOut = true
                    $0.passwordBorder = .neutral
                }
                await tester.receive(.alert(LoginAlerts.english.noAttemptsLeft))
            }
        }

        tester.send({ $0.passwordDidChange("another-password") }) { $0.passwordBorder = .valid }  // login stays off
        tester.send { $0.login() }  // a locked screen stays locked
        XCTAssertEqual(fake.calls.requests.count, 3)
        XCTAssertEqual(clock.requestedDelays, [.seconds(1), .seconds(2), .seconds(4)])
    }

    /// After the last allowed failure the forgotten password is untouched again; under a rule that accepts empty
    /// text it is valid, so only the lock keeps login disabled.
    func testTheLastFailureDisablesLoginEvenWhenThePasswordRuleAcceptsEmptyText() async throws {
        let fake = FakeAuthenticator()
        let viewModel = LoginViewModel(
            authenticator: fake, rules: LoginRules(username: .minimumLength(6), password: .maximumLength(72)),
            failurePolicy: LoginFailurePolicy(maximumFailures: 1, firstDelay: .seconds(1)), clock: clock)
        let tester = ViewModelTester(viewModel, spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) {
            $0.usernameBorder = .valid
            $0.isLoginEnabled = true  // an untouched password passes this rule
        }
        tester.send({ $0.passwordDidChange("balabala") }) { $0.passwordBorder = .valid }
        try await failLoginAfterItsDelay(tester, fake)
        await tester.receiveReload {
            $0.isLoading = false
            $0.isLockedOut = true  // and login stays disabled,
            $0.passwordBorder = .neutral  // though the forgotten password passes the rule again
        }
        await tester.receive(.alert(LoginAlerts.english.noAttemptsLeft))
        tester.send { $0.login() }
        XCTAssertEqual(fake.calls.requests.count, 1)
    }

    func testAnUnavailableServiceIsNeitherDelayedNorCounted() async throws {
        let fake = FakeAuthenticator()
        let tester = makeFilledInTester(fake)
        for attempt in 1...4 {
            if attempt > 1 { retypePassword(tester) }
            startLogin(tester)
            _ = try await fake.calls.next()
            fake.calls.fail(with: .unavailable)
            await tester.receiveReload {
                $0.isLoading = false
                $0.passwordBorder = .neutral  // forgotten after a failed attempt
            }
            await tester.receive(.alert(LoginAlerts.english.alert(for: .unavailable)!))
        }
        XCTAssertEqual(clock.requestedDelays, [])
    }

    func testSuccessAfterAFailureMovesHomeWithoutADelay() async throws {
        let fake = FakeAuthenticator()
        let tester = makeFilledInTester(fake)
        try await failLoginAfterItsDelay(tester, fake)
        await tester.receiveReload {
            $0.isLoading = false
            $0.passwordBorder = .neutral  // forgotten after a failed attempt
        }
        await tester.receive(.alert(wrongPassword))

        retypePassword(tester)
        startLogin(tester)
        _ = try await fake.calls.next()
        fake.calls.respond(with: User(name: "dimsky"))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        await tester.receive(.home(User(name: "dimsky")))
        XCTAssertEqual(clock.requestedDelays, [.seconds(1)])
    }

    func testAViewModelFreedDuringTheDelayCancelsItAndSendsNothing() async throws {
        let taskEnded = expectation(description: "the sign-in task ended and released the authenticator")
        let view = LoginSpy()
        do {
            let fake = FakeAuthenticator(onDeinit: { taskEnded.fulfill() })
            let viewModel = LoginViewModel(authenticator: fake, clock: clock)
            viewModel.delegate = view
            viewModel.usernameDidChange("dimsky")
            viewModel.passwordDidChange("balabala")
            viewModel.login()
            _ = try await fake.calls.next()
            fake.calls.fail(with: .invalidCredentials)
            _ = try await clock.nextSleep()
            trackForLeaks(viewModel)
        }
        let callsBeforeRelease = view.recorder.callCount

        XCTAssertEqual(clock.sleeperCount, 0, "freeing the ViewModel cancelled the delay")
        await fulfillment(of: [taskEnded], timeout: 10)
        XCTAssertEqual(view.recorder.callCount, callsBeforeRelease, "no alert after the ViewModel is gone")
    }
}
