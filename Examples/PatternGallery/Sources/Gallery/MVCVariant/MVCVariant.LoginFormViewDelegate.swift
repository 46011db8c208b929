extension MVCVariant {
    /// What the form view tells its controller (the seed's `FYAppleViewProtocol`): the user's input, nothing else.
    @MainActor
    protocol LoginFormViewDelegate: AnyObject {
        /// The user entered a field's text.
        ///
        /// - Parameters:
        ///   - view: The view.
        ///   - text: The field's whole text; the password is passed on, never kept.
        ///   - field: The field.
        func loginFormView(_ view: any LoginFormShowing, didEnter text: String, in field: LoginTextField)

        /// The user pressed the login button.
        ///
        /// - Parameter view: The view.
        func loginFormViewDidSubmit(_ view: any LoginFormShowing)
    }
}
