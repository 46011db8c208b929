internal import LoginFeature
internal import PureMVVM

extension MVI {
    /// The login screen's logic as a pure function: the state and an intent in, the next state and the effects
    /// out. No clock, no authenticator, no view: its tests need nothing but values.
    struct LoginReducer: LoginReducing {
        /// The fields' rules.
        let rules: LoginRules
        /// The alerts' words.
        let alerts: LoginAlerts

        /// Computes the next state.
        ///
        /// - Parameters:
        ///   - state: The current state.
        ///   - intent: What happened.
        /// - Returns: The next state, and the effects to run, in order.
        func reduce(_ state: LoginState, _ intent: LoginIntent) -> (LoginState, [LoginEffect]) {
            var next = state
            switch intent {
            case .enterUsername(let text):
                let failures = rules.username.failures(for: text)
                next.username = text
                next.isUsernameValid = failures.isEmpty
                next.usernameBorder = failures.isEmpty ? .valid : .invalid(failures)
                return (next, [])
            case .enterPassword(let text):
                let failures = rules.password.failures(for: text)
                next.password = text
                next.isPasswordValid = failures.isEmpty
                next.passwordBorder = failures.isEmpty ? .valid : .invalid(failures)
                return (next, [])
            case .logIn:
                guard state.isLoginEnabled, let username = state.username, let password = state.password else {
                    return (state, [])
                }
                next.isLoading = true
                return (next, [.authenticate(username: username, password: password)])
            case .authenticationDidFinish(.success(let user)):
                next.isLoading = false
                return (next, [.showHomeScreen(user)])
            case .authenticationDidFinish(.failure(.invalidCredentials)):
                let delay = next.attempts.recordFailure()  // still loading through the delay
                return (next, [.wait(delay, then: .failureDelayDidEnd(.invalidCredentials))])
            case .authenticationDidFinish(.failure(let error)), .failureDelayDidEnd(let error):
                next.isLoading = false
                next.isLockedOut = next.attempts.isExhausted
                next.password = nil  // the password lives no longer than its attempt
                next.isPasswordValid = rules.password.isSatisfied(by: nil)
                next.passwordBorder = .neutral
                var effects: [LoginEffect] = []
                if let alert = next.isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error) {
                    effects.append(.showAlert(alert))
                }
                if next.isLockedOut { effects.append(.endSession) }
                return (next, effects)
            }
        }
    }
}
