internal import LoginFeature
internal import PureMVVM

extension VIPER {
    /// The presenter: presentation logic only. It remembers what the view shows (which fields were entered and
    /// pass, whether a sign-in runs), asks the interactor for the rules and the sign-in, and turns the answers
    /// into borders, the button, the loading indicator, alerts and routes.
    @MainActor
    final class LoginPresenter: LoginViewOutput, LoginInteractorOutput {
        /// The view; held weakly (the view owns the presenter).
        weak var view: (any LoginViewInput)?
        private let interactor: any LoginInteractorInput
        private let router: any LoginRouterInput
        private let alerts: LoginAlerts
        private var texts: [LoginTextField: String] = [:]
        private var isLoading = false
        private var isLockedOut = false

        /// Creates the presenter.
        ///
        /// - Parameters:
        ///   - interactor: The business logic; the presenter owns it.
        ///   - router: The navigation; the presenter owns it.
        ///   - alerts: The alerts' words.
        init(interactor: any LoginInteractorInput, router: any LoginRouterInput, alerts: LoginAlerts) {
            self.interactor = interactor
            self.router = router
            self.alerts = alerts
        }

        // MARK: LoginViewOutput

        func viewDidEnter(_ text: String, in field: LoginTextField) {
            texts[field] = text
            let failures = interactor.failures(of: text, in: field)
            view?.showBorder(failures.isEmpty ? .valid : .invalid(failures), of: field)
            view?.setLoginEnabled(isLoginEnabled)
        }

        func loginButtonDidTap() {
            guard isLoginEnabled, let username = texts[.username], let password = texts[.password] else { return }
            isLoading = true
            view?.setLoginEnabled(false)
            view?.setLoading(true)
            interactor.signIn(with: LoginCredentials(username: username, password: password))
        }

        // MARK: LoginInteractorOutput

        func signInDidSucceed(for user: User) {
            isLoading = false
            view?.setLoginEnabled(isLoginEnabled)
            view?.setLoading(false)
            router.openHomeScreen(for: user)
        }

        func signInDidFail(with error: AuthenticationError, attemptsLeft: Bool) {
            isLoading = false
            isLockedOut = !attemptsLeft
            texts[.password] = nil  // the password lives no longer than its attempt
            view?.showBorder(.neutral, of: .password)
            view?.setLoginEnabled(isLoginEnabled)
            view?.setLoading(false)
            if let alert = isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error) {
                view?.showAlert(alert)
            }
            if isLockedOut { router.closeSession() }
        }

        // MARK: Private

        private var isLoginEnabled: Bool {
            LoginTextField.allCases.allSatisfy { interactor.failures(of: texts[$0], in: $0).isEmpty }
                && !isLoading && !isLockedOut
        }
    }
}
