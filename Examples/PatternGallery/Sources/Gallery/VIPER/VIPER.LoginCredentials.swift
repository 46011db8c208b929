extension VIPER {
    /// The entity the interactor signs in with: what the user typed. It lives only for one attempt.
    struct LoginCredentials: Equatable, Sendable {
        /// The username.
        let username: String
        /// The password; never printed.
        let password: String
    }
}
