import LoginFeature
import PureMVVM
import XCTest

/// Logging in against an authenticator the test answers by hand: no sleeps, no arbitrary yields.
@MainActor
final class LoginFlowTests: XCTestCase {
    private var authenticator: ManualAuthenticator!
    private var viewModel: LoginViewModel!
    private var spy: LoginSpy!

    override func setUp() async throws {
        authenticator = ManualAuthenticator()
        // The seed's login: no failure delay or limit (LoginFailurePolicyTests covers those).
        viewModel = LoginViewModel(authenticator: authenticator, failurePolicy: .unlimited)
        spy = LoginSpy()
        spy.viewModel = viewModel
        viewModel.delegate = spy
        viewModel.usernameDidChange("dimsky")
        viewModel.passwordDidChange("balabala")
        _ = spy.takeCalls()
    }

    private var loading: LoginOutputs {
        var outputs = LoginOutputs()
        outputs.usernameBorder = .valid
        outputs.passwordBorder = .valid
        outputs.isLoading = true
        return outputs
    }

    private var idle: LoginOutputs {
        var outputs = loading
        outputs.isLoading = false
        outputs.isLoginEnabled = true
        return outputs
    }

    func testSuccessShowsLoadingThenHidesItThenMovesHome() async {
        viewModel.login()
        XCTAssertEqual(spy.takeCalls(), [.reload([.isLoginEnabled, .isLoading], loading)])

        let request = await authenticator.nextRequest()
        XCTAssertEqual(request, .init(username: "dimsky", password: "balabala"))
        authenticator.answerOldest(with: .success(User(name: "dimsky")))
        await spy.waitForCalls(2)

        XCTAssertEqual(spy.takeCalls(), [.reload([.isLoginEnabled, .isLoading], idle), .home(User(name: "dimsky"))])
        XCTAssertEqual(authenticator.pendingCount, 0)
    }

    func testEachErrorShowsItsAlert() async {
        let cases: [(AuthenticationError, String)] = [
            (.invalidCredentials, "Wrong username or password."),
            (.lockedOut, "Too many failed attempts. Try again later."),
            (.unavailable, "The account service cannot be reached. Try again later."),
        ]
        for (error, message) in cases {
            viewModel.login()
            _ = await authenticator.nextRequest()
            authenticator.answerOldest(with: .failure(error))
            await spy.waitForCalls(3)
            let calls = spy.takeCalls()
            XCTAssertEqual(calls.count, 3, "\(error)")
            XCTAssertEqual(calls.dropFirst().first, .reload([.isLoginEnabled, .isLoading], idle), "\(error)")
            guard case .alert(let alert) = calls.last else { return XCTFail("no alert for \(error): \(calls)") }
            XCTAssertEqual(alert.message, message)
        }
    }

    func testASecondLoginWhileLoadingIsIgnored() async {
        viewModel.login()
        _ = await authenticator.nextRequest()
        viewModel.login()
        viewModel.login()

        XCTAssertEqual(spy.takeCalls().count, 1, "only the first login's loading reload")
        XCTAssertEqual(authenticator.pendingCount, 1)
        authenticator.answerOldest(with: .failure(.invalidCredentials))
        await spy.waitForCalls(2)
    }

    func testEditingWhileLoadingKeepsLoginDisabled() async {
        viewModel.login()
        _ = await authenticator.nextRequest()
        _ = spy.takeCalls()

        viewModel.usernameDidChange("dimsky2")
        XCTAssertEqual(spy.takeCalls(), [])
        XCTAssertFalse(viewModel.isLoginEnabled)
        authenticator.answerOldest(with: .success(User(name: "dimsky2")))
        await spy.waitForCalls(2)
        XCTAssertTrue(viewModel.isLoginEnabled)
    }

    func testLoginIsIgnoredUntilBothFieldsAreValid() async {
        let viewModel = LoginViewModel(authenticator: authenticator)
        viewModel.delegate = spy
        viewModel.usernameDidChange("dimsky")
        _ = spy.takeCalls()

        viewModel.login()

        XCTAssertEqual(spy.takeCalls(), [])
        XCTAssertEqual(authenticator.pendingCount, 0)
    }

    func testAViewModelFreedMidLoginCancelsItsTaskAndSendsNothing() async {
        viewModel.login()
        _ = await authenticator.nextRequest()
        _ = spy.takeCalls()
        // The sign-in task holds the authenticator; once the test and the ViewModel let go of it, its deinit
        // tells us the task has finished and been freed.
        let taskFreed = expectation(description: "the sign-in task finished and released the authenticator")
        authenticator.onDeinit = { taskFreed.fulfill() }
        weak let weakViewModel = viewModel
        weak let weakAuthenticator = authenticator
        authenticator = nil

        viewModel = nil

        XCTAssertNil(weakViewModel, "the pending sign-in does not keep the ViewModel alive")
        XCTAssertEqual(weakAuthenticator?.pendingCount ?? 0, 0, "freeing the ViewModel cancelled the sign-in")
        await fulfillment(of: [taskFreed], timeout: 10)
        XCTAssertEqual(spy.calls, [], "a result after the ViewModel is gone is dropped")
    }
}
