import LoginFeature
import PureMVVM
import TestSupport
import XCTest

@testable import Gallery

/// VIPER's presenter alone: a spy view, a fake interactor and a spy router. It is synchronous: the interactor's
/// answers are the presenter's own inputs, so the test calls them directly.
@MainActor
final class VIPERLoginPresenterTests: GuardedTestCase {
    private enum Call: Equatable {
        case border(LoginTextField, BorderState), loginEnabled(Bool), loading(Bool), alert(AlertContent<Never>)
        case signIn(VIPER.LoginCredentials), home(User), closeSession
    }

    /// The view, the interactor and the router in one spy, so the test sees every call in order.
    private final class Spy: VIPER.LoginViewInput, VIPER.LoginInteractorInput, VIPER.LoginRouterInput {
        var calls: [Call] = []
        func showBorder(_ border: BorderState, of field: LoginTextField) { calls.append(.border(field, border)) }
        func setLoginEnabled(_ isEnabled: Bool) { calls.append(.loginEnabled(isEnabled)) }
        func setLoading(_ isLoading: Bool) { calls.append(.loading(isLoading)) }
        func showAlert(_ alert: AlertContent<Never>) { calls.append(.alert(alert)) }
        func failures(of text: String?, in field: LoginTextField) -> [String] {
            (text?.count ?? 0) < 6 ? ["too short"] : []  // the presenter shows whatever the rules say
        }
        func signIn(with credentials: VIPER.LoginCredentials) { calls.append(.signIn(credentials)) }
        func openHomeScreen(for user: User) { calls.append(.home(user)) }
        func closeSession() { calls.append(.closeSession) }
    }

    private let spy = Spy()
    private var presenter: VIPER.LoginPresenter?

    override func setUp() async throws {
        let presenter = VIPER.LoginPresenter(interactor: spy, router: spy, alerts: .english)
        presenter.view = spy
        self.presenter = presenter
    }

    private func fillInAndLogIn() {
        presenter?.viewDidEnter("dimsky", in: .username)
        presenter?.viewDidEnter("balabala", in: .password)
        presenter?.loginButtonDidTap()
        spy.calls.removeAll()
    }

    func testEnteredTextShowsTheInteractorsVerdictThenTheButton() async {
        presenter?.viewDidEnter("dim", in: .username)
        presenter?.viewDidEnter("dimsky", in: .username)
        presenter?.viewDidEnter("balabala", in: .password)
        XCTAssertEqual(
            spy.calls,
            [
                .border(.username, .invalid(["too short"])), .loginEnabled(false),
                .border(.username, .valid), .loginEnabled(false),
                .border(.password, .valid), .loginEnabled(true),
            ])
    }

    func testLoggingInShowsLoadingAndHandsTheCredentialsToTheInteractor() async {
        presenter?.viewDidEnter("dimsky", in: .username)
        presenter?.viewDidEnter("balabala", in: .password)
        spy.calls.removeAll()
        presenter?.loginButtonDidTap()
        XCTAssertEqual(
            spy.calls,
            [.loginEnabled(false), .loading(true), .signIn(.init(username: "dimsky", password: "balabala"))])
        presenter?.loginButtonDidTap()
        XCTAssertEqual(spy.calls.count, 3, "not twice while loading")
    }

    func testASuccessRoutesHome() async {
        fillInAndLogIn()
        presenter?.signInDidSucceed(for: User(name: "dimsky"))
        XCTAssertEqual(spy.calls, [.loginEnabled(true), .loading(false), .home(User(name: "dimsky"))])
    }

    func testAFailureForgetsThePasswordThenHidesLoadingThenAlerts() async {
        fillInAndLogIn()
        presenter?.signInDidFail(with: .invalidCredentials, attemptsLeft: true)
        XCTAssertEqual(
            spy.calls,
            [
                .border(.password, .neutral), .loginEnabled(false), .loading(false),
                .alert(LoginAlerts.english.alert(for: .invalidCredentials)!),
            ])
    }

    func testTheLastFailureAlertsNoAttemptsLeftAndClosesTheSession() async {
        fillInAndLogIn()
        presenter?.signInDidFail(with: .invalidCredentials, attemptsLeft: false)
        XCTAssertEqual(spy.calls.suffix(2), [.alert(LoginAlerts.english.noAttemptsLeft), .closeSession])
        presenter?.viewDidEnter("balabala", in: .password)
        XCTAssertEqual(spy.calls.last, .loginEnabled(false))
    }
}
