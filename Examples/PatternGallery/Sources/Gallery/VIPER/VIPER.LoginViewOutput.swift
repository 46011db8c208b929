extension VIPER {
    /// What the view tells the presenter: the user's input.
    @MainActor
    protocol LoginViewOutput: AnyObject {
        /// The user entered a field's text.
        ///
        /// - Parameters:
        ///   - text: The field's whole text; the password is passed on, never kept after an attempt.
        ///   - field: The field.
        func viewDidEnter(_ text: String, in field: LoginTextField)

        /// The user pressed the login button.
        func loginButtonDidTap()
    }
}
