internal import PureMVVM

extension VIPER {
    /// What the presenter tells the view.
    @MainActor
    protocol LoginViewInput: AnyObject {
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

        /// Shows or hides the loading indicator.
        ///
        /// - Parameter isLoading: Whether a sign-in is running.
        func setLoading(_ isLoading: Bool)

        /// Shows an alert.
        ///
        /// - Parameter alert: The alert.
        func showAlert(_ alert: AlertContent<Never>)
    }
}
