internal import LoginFeature
internal import PureMVVM

extension MVVMInputOutput {
    /// The seed login as an Input/Output ViewModel. The screen logic is the toolkit's (validated fields, one
    /// reload per event naming what changed, the failure policy); the interface is ``Input``, ``Output`` and
    /// ``transform(input:)``. It is also a `PureMVVM.ViewModel`, so `ViewModelTester` drives it in tests.
    @MainActor
    final class LoginViewModel: ViewModelType, ViewModel {
        /// The view's events. Each field hooks a handler of the ViewModel's to an event, as binding an
        /// observable would.
        struct Input {
            /// Hooks a handler to the username field's entered text (the seed's `userNameTextField.rx.text`).
            let username: (_ handler: @escaping @MainActor (String) -> Void) -> Void
            /// Hooks a handler to the password field's entered text.
            let password: (_ handler: @escaping @MainActor (String) -> Void) -> Void
            /// Hooks a handler to the login button (the seed's `loginButton.rx.tap`).
            let login: (_ handler: @escaping @MainActor () -> Void) -> Void
        }

        /// What the view gets back.
        struct Output {
            /// Reads what the screen shows now, outside a reload (each reload hands the view the outputs).
            let current: @MainActor () -> LoginOutputs
            /// Connects the view: reloads naming what changed, alerts (the seed's `toast`) and navigation (its
            /// `loginSuccess`) go to it. Held weakly.
            let connect: @MainActor (any LoginViewModelDelegate) -> Void
        }

        /// The view, once connected; held weakly.
        weak var delegate: (any LoginViewModelDelegate)?
        /// Everything the screen shows right now.
        var outputs: LoginOutputs { store.outputs }

        private let store = OutputStore(LoginOutputs())
        private let authenticator: any Authenticator
        private let clock: any Clock<Duration>
        private let alerts: LoginAlerts
        private var attempts: LoginAttempts
        private var username: ValidatedField
        private var password: ValidatedField
        private var loginTask: Task<Void, Never>?

        /// Creates an untouched login screen.
        ///
        /// - Parameter dependencies: The authenticator, rules, failure policy and clock.
        init(dependencies: LoginDependencies) {
            authenticator = dependencies.authenticator
            clock = dependencies.clock
            alerts = dependencies.alerts
            attempts = LoginAttempts(policy: dependencies.failurePolicy)
            username = ValidatedField(rule: dependencies.rules.username)
            password = ValidatedField(rule: dependencies.rules.password)
        }

        deinit {
            loginTask?.cancel()
        }

        /// Hooks the ViewModel to the view's events and returns the reader of its outputs and the connection
        /// for the view. The returned output keeps the ViewModel alive.
        ///
        /// - Parameter input: The view's events.
        /// - Returns: The outputs.
        func transform(input: Input) -> Output {
            input.username { [weak self] text in self?.enter(text, in: .username) }
            input.password { [weak self] text in self?.enter(text, in: .password) }
            input.login { [weak self] in self?.login() }
            return Output(current: { self.outputs }, connect: { self.delegate = $0 })
        }

        // MARK: Private

        private func enter(_ text: String, in field: LoginTextField) {
            switch field {
            case .username:
                username.edit(text)
                username.endEditing()
            case .password:
                password.edit(text)
                password.endEditing()
            }
            store.update(notifying: delegate) { outputs in
                outputs.usernameBorder = username.border
                outputs.passwordBorder = password.border
                outputs.isLoginEnabled = isLoginEnabled(outputs)
            }
        }

        private func isLoginEnabled(_ outputs: LoginOutputs) -> Bool {
            username.isValid && password.isValid && !outputs.isLoading && !outputs.isLockedOut
        }

        private func login() {
            guard outputs.isLoginEnabled, loginTask == nil, let name = username.value, let secret = password.value
            else { return }
            store.update(notifying: delegate) { outputs in
                outputs.isLoading = true
                outputs.isLoginEnabled = false
            }
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
            if case .failure = result { password.reset() }  // the password lives no longer than its attempt
            let isLockedOut = attempts.isExhausted
            store.update(notifying: delegate) { outputs in
                outputs.isLoading = false
                outputs.isLockedOut = isLockedOut
                outputs.passwordBorder = password.border
                outputs.isLoginEnabled = isLoginEnabled(outputs)
            }
            switch result {
            case .success(let user):
                delegate?.moveToHomeScreen(for: user)
            case .failure(let error):
                if let alert = isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error) {
                    delegate?.showAlert(alert)
                }
            }
        }
    }
}
