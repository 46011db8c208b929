internal import LoginFeature

extension MVP {
    /// How one sign-in attempt ended, as the service reports it to the presenter.
    enum LoginAttemptResult: Equatable, Sendable {
        /// The user signed in.
        case signedIn(User)
        /// The attempt failed; `attemptsLeft` is `false` when it used up the failure policy's limit.
        case failed(AuthenticationError, attemptsLeft: Bool)
    }
}
