import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// MVP: the presenter, tested with a spy view and a fake service, and no widgets at all. The view protocol makes
/// every step the presenter asks for visible, in order.
@MainActor
final class MVPLoginPresenterTests: GuardedTestCase {
    /// Records what the presenter asks of the view.
    private final class ViewSpy: MVP.LoginView {
        enum Call: Equatable {
            case border(LoginTextField, BorderState), loginEnabled(Bool), showLoading, hideLoading
            case error(AlertContent<Never>), home(User), endSession
        }
        let log = CallLog<Call>()
        var calls: [Call] { log.calls }
        func showBorder(_ border: BorderState, of field: LoginTextField) { log.append(.border(field, border)) }
        func setLoginEnabled(_ isEnabled: Bool) { log.append(.loginEnabled(isEnabled)) }
        func showLoading() { log.append(.showLoading) }
        func hideLoading() { log.append(.hideLoading) }
        func showError(_ alert: AlertContent<Never>) { log.append(.error(alert)) }
        func navigateToHome(for user: User) { log.append(.home(user)) }
        func endSession() { log.append(.endSession) }
    }

    /// A service whose attempts wait until the test answers them.
    private final class FakeService: MVP.LoginService {
        let attempts = PendingCalls<FakeAuthenticator.Credentials, MVP.LoginAttemptResult, AuthenticationError>(
            whenCancelled: .cancelled)
        func logIn(username: String, password: String) async -> MVP.LoginAttemptResult {
            do throws(AuthenticationError) {
                return try await attempts.wait(for: .init(username: username, password: password))
            } catch {
                return .failed(error, attemptsLeft: true)
            }
        }
    }

    private let view = ViewSpy()
    private let service = FakeService()
    private var presenter: MVP.LoginPresenter?

    override func setUp() async throws {
        presenter = MVP.LoginPresenter(view: view, service: service, rules: .standard, alerts: .english)
    }

    /// Enters valid credentials and presses login; returns when the service is asked.
    private func startLogin() async throws {
        presenter?.usernameDidEnter("dimsky")
        presenter?.passwordDidEnter("balabala")
        view.log.removeAll()
        presenter?.loginButtonDidTap()
        XCTAssertEqual(view.calls, [.loginEnabled(false), .showLoading])
        view.log.removeAll()
        let attempt = try await service.attempts.next()
        XCTAssertEqual(attempt, .init(username: "dimsky", password: "balabala"))
    }

    func testEnteringAFieldShowsItsBorderThenTheButton() async {
        presenter?.usernameDidEnter("dim")
        presenter?.usernameDidEnter("dimsky")
        presenter?.passwordDidEnter("balabala")

        XCTAssertEqual(
            view.calls,
            [
                .border(.username, .invalid(["Must be at least 6 characters."])), .loginEnabled(false),
                .border(.username, .valid), .loginEnabled(false),
                .border(.password, .valid), .loginEnabled(true),
            ])
    }

    func testTheButtonDoesNothingWhileTheFormIsInvalid() async {
        presenter?.usernameDidEnter("dimsky")
        view.log.removeAll()
        presenter?.loginButtonDidTap()
        XCTAssertEqual(view.calls, [])
        XCTAssertEqual(service.attempts.pendingCount, 0)
    }

    func testASignInHidesLoadingThenNavigates() async throws {
        try await startLogin()
        service.attempts.respond(with: .signedIn(User(name: "dimsky")))

        let calls = try await view.log.next()
        XCTAssertEqual(calls, [.loginEnabled(true), .hideLoading, .home(User(name: "dimsky"))])
    }

    func testAFailureForgetsThePasswordThenHidesLoadingThenShowsTheError() async throws {
        try await startLogin()
        service.attempts.respond(with: .failed(.invalidCredentials, attemptsLeft: true))

        let calls = try await view.log.next()
        XCTAssertEqual(
            calls,
            [
                .border(.password, .neutral), .loginEnabled(false), .hideLoading,
                .error(LoginAlerts.english.alert(for: .invalidCredentials)!),
            ])
    }

    func testTheLastFailureShowsNoAttemptsLeftAndEndsTheSession() async throws {
        try await startLogin()
        service.attempts.respond(with: .failed(.invalidCredentials, attemptsLeft: false))

        let calls = try await view.log.next()
        XCTAssertEqual(calls.suffix(2), [.error(LoginAlerts.english.noAttemptsLeft), .endSession])
        presenter?.passwordDidEnter("balabala")
        XCTAssertEqual(view.calls.last, .loginEnabled(false), "no attempts left")
    }

    func testThePresenterHoldsItsViewWeakly() async {
        var view: ViewSpy? = ViewSpy()
        let weakView = WeakReference(view)
        let presenter = MVP.LoginPresenter(view: view!, service: service, rules: .standard, alerts: .english)
        view = nil
        XCTAssertNil(weakView.object)
        XCTAssertNil(presenter.view)
    }
}
