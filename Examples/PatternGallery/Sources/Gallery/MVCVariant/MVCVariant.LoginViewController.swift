internal import LoginFeature
internal import PureMVVM

extension MVCVariant {
    /// The controller of the MVC variant: it owns the model and the view, turns the view's events into model
    /// changes, hands the model to the view, and still does the sign-in, the attempts, the alerts and the
    /// navigation itself.
    @MainActor
    final class LoginViewController: LoginFormViewDelegate {
        private let view: any LoginFormShowing
        private let authenticator: any Authenticator
        private let clock: any Clock<Duration>
        private let alerts: LoginAlerts
        private var attempts: LoginAttempts
        private var form: LoginForm
        private var loginTask: Task<Void, Never>?

        /// Creates the controller with its view and makes itself the view's delegate.
        ///
        /// - Parameters:
        ///   - view: The form view.
        ///   - dependencies: The authenticator, rules, failure policy and clock.
        init(view: any LoginFormShowing, dependencies: LoginDependencies) {
            self.view = view
            authenticator = dependencies.authenticator
            clock = dependencies.clock
            alerts = dependencies.alerts
            attempts = LoginAttempts(policy: dependencies.failurePolicy)
            form = LoginForm(rules: dependencies.rules)
            view.delegate = self
        }

        deinit {
            loginTask?.cancel()
        }

        func loginFormView(_ view: any LoginFormShowing, didEnter text: String, in field: LoginTextField) {
            form.enter(text, in: field)
            view.form = form
        }

        func loginFormViewDidSubmit(_ view: any LoginFormShowing) {
            guard form.isLoginEnabled, loginTask == nil, let name = form.username.value,
                let secret = form.password.value
            else { return }
            form.isLoading = true
            view.form = form
            loginTask = Task { [weak self, authenticator, clock] in
                let result = await authenticator.signIn(username: name, password: secret, clock: clock) {
                    self?.attempts.recordFailure()
                }
                guard let result else { return }  // cancelled: the screen is gone
                self?.loginDidFinish(result)
            }
        }

        private func loginDidFinish(_ result: Result<User, AuthenticationError>) {
            loginTask = nil
            form.isLoading = false
            form.isLockedOut = attempts.isExhausted
            if case .failure = result { form.forgetPassword() }
            view.form = form
            switch result {
            case .success(let user):
                view.widgets.showHomeScreen(for: user)
            case .failure(let error):
                if let alert = form.isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error) {
                    view.widgets.showAlert(alert)
                }
                if form.isLockedOut { view.widgets.endSession() }
            }
        }
    }
}
