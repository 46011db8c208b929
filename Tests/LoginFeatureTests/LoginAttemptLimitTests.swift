import LoginFeature
import PureMVVM
import XCTest

/// `LoginViewModel` under the standard failure policy, on a manual clock: the delay after each failure, the
/// limit that ends the session, and what does not count. No sleeps: the test moves the clock.
@MainActor
final class LoginAttemptLimitTests: XCTestCase {
    private var clock: ManualClock!
    private var view: LoginViewRecorder!

    override func setUp() async throws {
        clock = ManualClock()
        view = LoginViewRecorder()
    }

    private func makeViewModel(_ authenticator: ScriptedAuthenticator) -> LoginViewModel {
        let viewModel = LoginViewModel(authenticator: authenticator, clock: clock)
        viewModel.delegate = view
        view.viewModel = viewModel
        viewModel.usernameDidChange("dimsky")
        viewModel.passwordDidChange("balabala")
        _ = view.takeCalls()
        return viewModel
    }

    func testAWrongPasswordKeepsLoadingThroughTheDelayThenAlerts() async {
        let viewModel = makeViewModel(ScriptedAuthenticator([.failure(.invalidCredentials)]))

        viewModel.login()
        let delay = await clock.delay(number: 1)

        XCTAssertEqual(delay, .seconds(1))
        XCTAssertTrue(viewModel.isLoading, "the failure is not reported before the delay")
        XCTAssertEqual(view.takeCalls().count, 1, "only the loading reload so far")
        clock.advance(by: .seconds(1))
        await view.waitForCalls(2)
        let calls = view.takeCalls()
        XCTAssertEqual(calls.last, .alert(Alert(title: "Sign-in failed", message: "Wrong username or password.")))
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertTrue(viewModel.isLoginEnabled)
        XCTAssertFalse(viewModel.isLockedOut)
    }

    func testTheDelayGrowsAndTheThirdFailureLocksTheScreen() async {
        let viewModel = makeViewModel(ScriptedAuthenticator([]))  // every answer: wrong credentials

        for (number, seconds) in [(1, 1), (2, 2), (3, 4)] {
            viewModel.login()
            let delay = await clock.delay(number: number)
            XCTAssertEqual(delay, .seconds(seconds), "delay after failure \(number)")
            clock.advance(by: delay)
            await view.waitForCalls(3)  // loading, loaded, alert
            let calls = view.takeCalls()
            if number < 3 {
                XCTAssertEqual(calls.last, .alert(LoginAlerts.alert(for: .invalidCredentials)!))
                XCTAssertFalse(viewModel.isLockedOut)
            } else {
                var lockedOut = LoginOutputs()
                lockedOut.usernameBorder = .valid
                lockedOut.passwordBorder = .valid
                lockedOut.isLockedOut = true
                XCTAssertEqual(
                    calls.dropFirst().first, .reload([.isLoading, .isLockedOut], lockedOut),
                    "login stays disabled: it was disabled while loading")
                XCTAssertEqual(calls.last, .alert(LoginAlerts.noAttemptsLeft))
            }
        }

        viewModel.passwordDidChange("another-password")
        viewModel.login()
        XCTAssertFalse(viewModel.isLoginEnabled, "a locked screen stays locked")
        XCTAssertEqual(view.takeCalls(), [], "no border changed, and login did nothing")
        XCTAssertEqual(clock.requestedDelays, [.seconds(1), .seconds(2), .seconds(4)])
    }

    func testAnUnavailableServiceIsNeitherDelayedNorCounted() async {
        let viewModel = makeViewModel(
            ScriptedAuthenticator(Array(repeating: .failure(.unavailable), count: 4)))

        for _ in 1...4 {
            viewModel.login()
            await view.waitForCalls(3)
            XCTAssertEqual(view.takeCalls().last, .alert(LoginAlerts.alert(for: .unavailable)!))
        }

        XCTAssertEqual(clock.requestedDelays, [])
        XCTAssertFalse(viewModel.isLockedOut)
        XCTAssertTrue(viewModel.isLoginEnabled)
    }

    func testSuccessAfterAFailureMovesHomeWithoutADelay() async {
        let viewModel = makeViewModel(
            ScriptedAuthenticator([.failure(.invalidCredentials), .success(User(name: "dimsky"))]))
        viewModel.login()
        clock.advance(by: await clock.delay(number: 1))
        await view.waitForCalls(3)
        _ = view.takeCalls()

        viewModel.login()
        await view.waitForCalls(3)

        XCTAssertEqual(view.takeCalls().last, .home(User(name: "dimsky")))
        XCTAssertEqual(clock.requestedDelays, [.seconds(1)])
    }

    func testAViewModelFreedDuringTheDelayCancelsItAndSendsNothing() async {
        var authenticator: ScriptedAuthenticator? = ScriptedAuthenticator([.failure(.invalidCredentials)])
        let taskEnded = expectation(description: "the sign-in task ended and released the authenticator")
        authenticator?.onDeinit = { taskEnded.fulfill() }
        var viewModel: LoginViewModel? = authenticator.map(makeViewModel)
        authenticator = nil
        viewModel?.login()
        _ = await clock.delay(number: 1)
        _ = view.takeCalls()

        viewModel = nil

        XCTAssertEqual(clock.sleeperCount, 0, "freeing the ViewModel cancelled the delay")
        await fulfillment(of: [taskEnded], timeout: 10)
        XCTAssertEqual(view.calls, [], "no alert after the ViewModel is gone")
    }
}
