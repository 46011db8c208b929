internal import LoginFeature

extension VIPER {
    /// What the interactor tells the presenter when a sign-in ends.
    @MainActor
    protocol LoginInteractorOutput: AnyObject {
        /// The user signed in.
        ///
        /// - Parameter user: The user.
        func signInDidSucceed(for user: User)

        /// The sign-in failed.
        ///
        /// - Parameters:
        ///   - error: Why.
        ///   - attemptsLeft: `false` when this failure used up the failure policy's limit.
        func signInDidFail(with error: AuthenticationError, attemptsLeft: Bool)
    }
}
