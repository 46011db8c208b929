internal import LoginFeature

extension VIPER {
    /// Where the presenter can send the user.
    @MainActor
    protocol LoginRouterInput: AnyObject {
        /// Opens the home screen.
        ///
        /// - Parameter user: The user who signed in.
        func openHomeScreen(for user: User)

        /// Ends the session: no attempts left.
        func closeSession()
    }
}
