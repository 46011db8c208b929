extension MVP {
    /// The model the presenter signs in with (the seed's `userService`): one call per attempt. The presenter
    /// depends on this protocol only, so its tests answer it by hand.
    @MainActor
    protocol LoginService: AnyObject {
        /// Tries to sign in.
        ///
        /// - Parameters:
        ///   - username: The name as typed.
        ///   - password: The password; the service must not keep it.
        /// - Returns: How the attempt ended, after any failure delay.
        func logIn(username: String, password: String) async -> LoginAttemptResult
    }
}
