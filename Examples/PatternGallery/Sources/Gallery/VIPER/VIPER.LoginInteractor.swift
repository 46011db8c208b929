internal import LoginFeature
internal import PureMVVM

extension VIPER {
    /// The interactor: the business logic and nothing of the screen. It knows the rules, asks the
    /// authenticator, counts failed attempts and waits the failure policy's delay before it answers.
    @MainActor
    final class LoginInteractor: LoginInteractorInput {
        /// The presenter; held weakly (the presenter owns the interactor).
        weak var output: (any LoginInteractorOutput)?
        private let rules: LoginRules
        private let authenticator: any Authenticator
        private let clock: any Clock<Duration>
        private var attempts: LoginAttempts
        private var signInTask: Task<Void, Never>?

        /// Creates the interactor.
        ///
        /// - Parameter dependencies: The authenticator, rules, failure policy and clock.
        init(dependencies: LoginDependencies) {
            rules = dependencies.rules
            authenticator = dependencies.authenticator
            clock = dependencies.clock
            attempts = LoginAttempts(policy: dependencies.failurePolicy)
        }

        deinit {
            signInTask?.cancel()
        }

        func failures(of text: String?, in field: LoginTextField) -> [String] {
            switch field {
            case .username: rules.username.failures(for: text)
            case .password: rules.password.failures(for: text)
            }
        }

        func signIn(with credentials: LoginCredentials) {
            guard signInTask == nil, !attempts.isExhausted else { return }
            signInTask = Task { [weak self, authenticator, clock] in
                let result = await authenticator.signIn(
                    username: credentials.username, password: credentials.password, clock: clock
                ) {
                    self?.attempts.recordFailure()
                }
                guard let result else { return }  // cancelled: the screen is gone
                self?.signInDidFinish(result)
            }
        }

        private func signInDidFinish(_ result: Result<User, AuthenticationError>) {
            signInTask = nil
            switch result {
            case .success(let user): output?.signInDidSucceed(for: user)
            case .failure(let error): output?.signInDidFail(with: error, attemptsLeft: !attempts.isExhausted)
            }
        }
    }
}
