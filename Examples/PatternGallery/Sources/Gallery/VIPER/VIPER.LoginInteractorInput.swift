extension VIPER {
    /// What the presenter asks the interactor: the business rules and the sign-in.
    @MainActor
    protocol LoginInteractorInput: AnyObject {
        /// Checks a field's text against its rule.
        ///
        /// - Parameters:
        ///   - text: The text.
        ///   - field: The field.
        /// - Returns: The rule's messages; empty when the text passes.
        func failures(of text: String?, in field: LoginTextField) -> [String]

        /// Signs in; the answer comes to ``LoginInteractorOutput``, after the failure delay when the credentials
        /// are wrong.
        ///
        /// - Parameter credentials: What the user typed.
        func signIn(with credentials: LoginCredentials)
    }
}
