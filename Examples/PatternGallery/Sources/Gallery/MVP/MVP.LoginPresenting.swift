extension MVP {
    /// What the view tells its presenter: the user's input, one method per event (the seed's `LoginPresenter`
    /// protocol). The view depends on this protocol only, as the presenter depends on ``LoginView``.
    @MainActor
    protocol LoginPresenting: AnyObject {
        /// The user entered the username.
        ///
        /// - Parameter text: The field's whole text.
        func usernameDidEnter(_ text: String)

        /// The user entered the password.
        ///
        /// - Parameter text: The field's whole text; passed on, never kept after an attempt.
        func passwordDidEnter(_ text: String)

        /// The user pressed the login button.
        func loginButtonDidTap()
    }
}
