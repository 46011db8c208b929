internal import LoginFeature

extension MVP {
    /// The login service on an `Authenticator` and the failure policy: it counts wrong credentials, waits the
    /// policy's delay before it answers, and says when no attempts are left.
    @MainActor
    final class AccountLoginService: LoginService {
        private let authenticator: any Authenticator
        private let clock: any Clock<Duration>
        private var attempts: LoginAttempts

        /// Creates the service.
        ///
        /// - Parameters:
        ///   - authenticator: Checks credentials.
        ///   - failurePolicy: The delays and the attempt limit.
        ///   - clock: The clock the delays run on.
        init(authenticator: any Authenticator, failurePolicy: LoginFailurePolicy, clock: any Clock<Duration>) {
            self.authenticator = authenticator
            self.clock = clock
            attempts = LoginAttempts(policy: failurePolicy)
        }

        func logIn(username: String, password: String) async -> LoginAttemptResult {
            do throws(AuthenticationError) {
                return .signedIn(try await authenticator.authenticate(username: username, password: password))
            } catch .invalidCredentials {
                let delay = attempts.recordFailure()
                do {
                    try await clock.sleep(for: delay)
                } catch {
                    return .failed(.cancelled, attemptsLeft: !attempts.isExhausted)
                }
                return .failed(.invalidCredentials, attemptsLeft: !attempts.isExhausted)
            } catch {
                return .failed(error, attemptsLeft: !attempts.isExhausted)
            }
        }
    }
}
