import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// Logging in against an authenticator the test answers by hand: loading on, then off, then navigation or an
/// alert, asserted in order with no sleeps. These are the seed's login, with no failure delay or limit
/// (`failurePolicy: .unlimited`); LoginAttemptLimitTests covers those.
@MainActor
final class LoginFlowTests: GuardedTestCase {
    private let dimsky = User(name: "dimsky")

    /// A tester whose login form is filled in with the seed's valid credentials.
    private func makeFilledInTester() -> (ViewModelTester<LoginViewModel, LoginSpy>, FakeAuthenticator) {
        let fake = FakeAuthenticator()
        let tester = ViewModelTester(LoginViewModel(authenticator: fake, failurePolicy: .unlimited), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
        return (tester, fake)
    }

    private func startLogin(_ tester: ViewModelTester<LoginViewModel, LoginSpy>) {
        tester.send({ $0.login() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }
    }

    func testSuccessShowsLoadingThenHidesItThenMovesHome() async throws {
        let (tester, fake) = makeFilledInTester()
        startLogin(tester)

        let request = try await fake.calls.next()
        XCTAssertEqual(request, .init(username: "dimsky", password: "balabala"))
        fake.calls.respond(with: dimsky)

        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        await tester.receive(.home(dimsky))
        XCTAssertEqual(fake.calls.pendingCount, 0)
    }

    func testEachErrorShowsItsAlert() async throws {
        let cases: [(AuthenticationError, AlertContent<Never>)] = [
            (.invalidCredentials, AlertContent(title: "Sign-in failed", message: "Wrong username or password.")),
            (.lockedOut, AlertContent(title: "Sign-in failed", message: "Too many failed attempts. Try again later.")),
            (
                .unavailable,
                AlertContent(title: "Sign-in unavailable", message: "The account service cannot be reached. Try again later.")
            ),
        ]
        for (error, alert) in cases {
            let (tester, fake) = makeFilledInTester()
            startLogin(tester)
            _ = try await fake.calls.next()
            fake.calls.fail(with: error)
            await tester.receiveReload {
                $0.isLoading = false
                $0.passwordBorder = .neutral  // forgotten after a failed attempt
            }
            await tester.receive(.alert(alert))
        }
    }

    func testASecondLoginWhileLoadingIsIgnored() async throws {
        let (tester, fake) = makeFilledInTester()
        startLogin(tester)
        _ = try await fake.calls.next()

        tester.send { $0.login() }
        tester.send { $0.login() }

        XCTAssertEqual(fake.calls.pendingCount, 1)
        fake.calls.fail(with: .invalidCredentials)
        await tester.receiveReload {
            $0.isLoading = false
            $0.passwordBorder = .neutral  // forgotten after a failed attempt
        }
        await tester.receive(.alert(AlertContent(title: "Sign-in failed", message: "Wrong username or password.")))
        XCTAssertEqual(fake.calls.requests.count, 1, "the ignored logins never reached the authenticator")
    }

    func testEditingWhileLoadingKeepsLoginDisabled() async throws {
        let (tester, fake) = makeFilledInTester()
        startLogin(tester)
        _ = try await fake.calls.next()

        tester.send { $0.usernameDidChange("dimsky2") }
        fake.calls.respond(with: User(name: "dimsky2"))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        await tester.receive(.home(User(name: "dimsky2")))
    }

    func testLoginIsIgnoredUntilBothFieldsAreValid() async {
        let fake = FakeAuthenticator()
        let tester = ViewModelTester(LoginViewModel(authenticator: fake, failurePolicy: .unlimited), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send { $0.login() }
        XCTAssertEqual(fake.calls.pendingCount, 0)
    }

    func testAViewModelFreedMidLoginCancelsItsTaskAndSendsNothing() async throws {
        // The sign-in task holds the authenticator: the fake's deinit tells us the task ended and was freed.
        let taskFreed = expectation(description: "the sign-in task ended and released the authenticator")
        let view = LoginSpy()
        do {
            let fake = FakeAuthenticator(onDeinit: { taskFreed.fulfill() })
            let viewModel = LoginViewModel(authenticator: fake, failurePolicy: .unlimited)
            viewModel.delegate = view
            viewModel.usernameDidChange("dimsky")
            viewModel.passwordDidChange("balabala")
            viewModel.login()
            _ = try await fake.calls.next()
            trackForLeaks(viewModel)
        }
        let callsBeforeRelease = view.recorder.callCount

        await fulfillment(of: [taskFreed], timeout: 10)
        XCTAssertEqual(view.recorder.callCount, callsBeforeRelease, "a result after the ViewModel is gone is dropped")
    }
}
