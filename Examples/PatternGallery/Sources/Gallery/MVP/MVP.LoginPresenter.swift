internal import LoginFeature
internal import PureMVVM

extension MVP {
    /// The presenter: it keeps the form's state, validates, and tells the view what to show, step by step; it
    /// signs in through the service and chooses the alert.
    ///
    /// Every change reaches the view as its own call, so the presenter orders them: the form first, the loading
    /// indicator last. As the screen grows, each new state adds view calls here and methods to ``LoginView``.
    @MainActor
    final class LoginPresenter: LoginPresenting {
        /// The view; held weakly (the view owns the presenter).
        weak var view: (any LoginView)?
        private let service: any LoginService
        private let alerts: LoginAlerts
        private var username: ValidatedField
        private var password: ValidatedField
        private var isLoading = false
        private var isLockedOut = false
        private var loginTask: Task<Void, Never>?

        /// Creates the presenter.
        ///
        /// - Parameters:
        ///   - view: The view; held weakly.
        ///   - service: Signs in.
        ///   - rules: The fields' rules.
        ///   - alerts: The alerts' words.
        init(view: any LoginView, service: any LoginService, rules: LoginRules, alerts: LoginAlerts) {
            self.view = view
            self.service = service
            self.alerts = alerts
            username = ValidatedField(rule: rules.username)
            password = ValidatedField(rule: rules.password)
        }

        deinit {
            loginTask?.cancel()
        }

        // MARK: Input from the view

        /// The user entered the username.
        ///
        /// - Parameter text: The field's whole text.
        func usernameDidEnter(_ text: String) {
            username.edit(text)
            username.endEditing()
            view?.showBorder(username.border, of: .username)
            view?.setLoginEnabled(isLoginEnabled)
        }

        /// The user entered the password.
        ///
        /// - Parameter text: The field's whole text; passed to the service, never kept after an attempt.
        func passwordDidEnter(_ text: String) {
            password.edit(text)
            password.endEditing()
            view?.showBorder(password.border, of: .password)
            view?.setLoginEnabled(isLoginEnabled)
        }

        /// The user pressed the login button: signs in unless the button is disabled.
        func loginButtonDidTap() {
            guard isLoginEnabled, loginTask == nil, let name = username.value, let secret = password.value else {
                return
            }
            isLoading = true
            view?.setLoginEnabled(false)
            view?.showLoading()
            loginTask = Task { [weak self, service] in
                let result = await service.logIn(username: name, password: secret)
                self?.loginDidFinish(result)
            }
        }

        // MARK: Private

        private var isLoginEnabled: Bool {
            username.isValid && password.isValid && !isLoading && !isLockedOut
        }

        private func loginDidFinish(_ result: LoginAttemptResult) {
            loginTask = nil
            isLoading = false
            switch result {
            case .signedIn(let user):
                view?.setLoginEnabled(isLoginEnabled)
                view?.hideLoading()
                view?.navigateToHome(for: user)
            case .failed(let error, let attemptsLeft):
                isLockedOut = !attemptsLeft
                password.reset()  // the password lives no longer than its attempt
                view?.showBorder(password.border, of: .password)
                view?.setLoginEnabled(isLoginEnabled)
                view?.hideLoading()
                if let alert = isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error) {
                    view?.showError(alert)
                }
                if isLockedOut { view?.endSession() }
            }
        }
    }
}
