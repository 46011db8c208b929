internal import LoginFeature
internal import PureMVVM

extension MVC {
    /// The whole login screen in one controller, as the seed writes it: it listens to the widgets, validates
    /// the fields, decides what the widgets show, signs in, counts failed attempts, waits the failure delay,
    /// picks the alert and navigates.
    ///
    /// It is the shortest of the patterns here, and everything in it is private: a test can only type into
    /// fake widgets and read what they show. As the screen grows, every new field, rule and state lands in this
    /// class (the seed's "Massive View Controller").
    @MainActor
    final class LoginViewController: LoginWidgetsDelegate {
        private let widgets: any LoginWidgets
        private let authenticator: any Authenticator
        private let clock: any Clock<Duration>
        private let alerts: LoginAlerts
        private var attempts: LoginAttempts
        private var username: ValidatedField
        private var password: ValidatedField
        private var isLoading = false
        private var isLockedOut = false
        private var loginTask: Task<Void, Never>?

        /// Creates the controller and makes it the widgets' delegate.
        ///
        /// - Parameters:
        ///   - widgets: The screen's widgets, which it draws on.
        ///   - dependencies: The authenticator, rules, failure policy and clock.
        init(widgets: any LoginWidgets, dependencies: LoginDependencies) {
            self.widgets = widgets
            authenticator = dependencies.authenticator
            clock = dependencies.clock
            alerts = dependencies.alerts
            attempts = LoginAttempts(policy: dependencies.failurePolicy)
            username = ValidatedField(rule: dependencies.rules.username)
            password = ValidatedField(rule: dependencies.rules.password)
            widgets.delegate = self
        }

        deinit {
            loginTask?.cancel()
        }

        // MARK: Widget events

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            switch field {
            case .username:
                username.edit(text)
                username.endEditing()
                widgets.setBorder(username.border, of: .username)
            case .password:
                password.edit(text)
                password.endEditing()
                widgets.setBorder(password.border, of: .password)
            }
            widgets.setLoginEnabled(canLogIn)
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            guard canLogIn, loginTask == nil, let name = username.value, let secret = password.value else { return }
            isLoading = true
            widgets.update {
                widgets.setLoginEnabled(false)
                widgets.setLoading(true)
            }
            loginTask = Task { [weak self, authenticator, clock] in
                let result = await authenticator.signIn(username: name, password: secret, clock: clock) {
                    self?.attempts.recordFailure()
                }
                guard let result else { return }  // cancelled: the screen is gone
                self?.loginDidFinish(result)
            }
        }

        // MARK: Private

        private var canLogIn: Bool {
            username.isValid && password.isValid && !isLoading && !isLockedOut
        }

        private func loginDidFinish(_ result: Result<User, AuthenticationError>) {
            loginTask = nil
            isLoading = false
            isLockedOut = attempts.isExhausted
            if case .failure = result {
                password.reset()  // the password lives no longer than its attempt
            }
            widgets.update {
                widgets.setBorder(password.border, of: .password)
                widgets.setLoginEnabled(canLogIn)
                widgets.setLoading(false)
            }
            switch result {
            case .success(let user):
                widgets.showHomeScreen(for: user)
            case .failure(let error):
                if let alert = isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error) {
                    widgets.showAlert(alert)
                }
                if isLockedOut { widgets.endSession() }
            }
        }
    }
}
