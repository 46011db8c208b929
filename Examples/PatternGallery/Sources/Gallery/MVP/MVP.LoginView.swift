internal import LoginFeature
internal import PureMVVM

extension MVP {
    /// What the presenter tells the view, one step at a time (the seed's `LoginView` protocol).
    @MainActor
    protocol LoginView: AnyObject {
        /// Shows a field's border.
        ///
        /// - Parameters:
        ///   - border: The border.
        ///   - field: The field.
        func showBorder(_ border: BorderState, of field: LoginTextField)

        /// Enables or disables the login button.
        ///
        /// - Parameter isEnabled: Whether the button can be pressed.
        func setLoginEnabled(_ isEnabled: Bool)

        /// Shows the loading indicator.
        func showLoading()

        /// Hides the loading indicator.
        func hideLoading()

        /// Shows a failed sign-in.
        ///
        /// - Parameter alert: What to show.
        func showError(_ alert: AlertContent<Never>)

        /// Leaves for the home screen.
        ///
        /// - Parameter user: The user who signed in.
        func navigateToHome(for user: User)

        /// Ends the session: no attempts are left.
        func endSession()
    }
}
