internal import LoginFeature

extension MVVM {
    /// The ViewModel as its View sees it (the seed's `ViewModelInterface`): the delegate it sets, the outputs it
    /// reads in a reload, and the inputs it forwards the widgets' events to. The toolkit's `LoginViewModel` is
    /// the one the screen uses.
    @MainActor
    protocol LoginViewModelInterface: AnyObject {
        /// The view; held weakly.
        var delegate: (any LoginViewModelDelegate)? { get set }
        /// Everything the screen shows right now.
        var outputs: LoginOutputs { get }

        /// The username field's text changed.
        ///
        /// - Parameter text: The field's whole text.
        func usernameDidChange(_ text: String?)

        /// The user left the username field.
        func usernameDidEndEditing()

        /// The password field's text changed.
        ///
        /// - Parameter text: The field's whole text.
        func passwordDidChange(_ text: String?)

        /// The user left the password field.
        func passwordDidEndEditing()

        /// The login button was pressed.
        func login()
    }
}

extension LoginViewModel: MVVM.LoginViewModelInterface {}
