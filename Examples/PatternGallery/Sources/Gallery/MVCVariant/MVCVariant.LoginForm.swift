internal import LoginFeature
internal import PureMVVM

extension MVCVariant {
    /// The model the view configures itself from: the form's fields, whether a sign-in runs, and whether the
    /// session is over. A value: the controller edits a copy and hands it to the view.
    struct LoginForm {
        private(set) var username: ValidatedField
        private(set) var password: ValidatedField
        /// Whether a sign-in is running.
        var isLoading = false
        /// Whether the failed attempts used up the failure policy's limit.
        var isLockedOut = false

        /// Creates an untouched form.
        ///
        /// - Parameter rules: The fields' rules.
        init(rules: LoginRules) {
            username = ValidatedField(rule: rules.username)
            password = ValidatedField(rule: rules.password)
        }

        /// Whether the login button can be pressed: both fields valid, no sign-in running, attempts left.
        var isLoginEnabled: Bool {
            username.isValid && password.isValid && !isLoading && !isLockedOut
        }

        /// A field's border.
        ///
        /// - Parameter field: The field.
        /// - Returns: Its border: neutral until the field is entered.
        func border(of field: LoginTextField) -> BorderState {
            switch field {
            case .username: username.border
            case .password: password.border
            }
        }

        /// The user entered a field's text.
        ///
        /// - Parameters:
        ///   - text: The field's whole text.
        ///   - field: The field.
        mutating func enter(_ text: String, in field: LoginTextField) {
            switch field {
            case .username:
                username.edit(text)
                username.endEditing()
            case .password:
                password.edit(text)
                password.endEditing()
            }
        }

        /// Forgets the password after a failed attempt: the field is untouched again.
        mutating func forgetPassword() {
            password.reset()
        }
    }
}
