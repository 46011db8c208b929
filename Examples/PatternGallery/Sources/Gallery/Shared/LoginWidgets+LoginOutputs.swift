internal import LoginFeature
internal import PureMVVM

extension LoginWidgets {
    /// Shows the login outputs a reload names, and nothing else: the View of both MVVM patterns, whose
    /// ViewModels share ``LoginOutputs``.
    ///
    /// - Parameters:
    ///   - changes: The outputs that changed.
    ///   - outputs: The ViewModel's outputs, as the reload hands them.
    func show(_ changes: ChangeSet<LoginOutputs>, from outputs: ReadOnlyOutputs<LoginOutputs>) {
        update {
            for change in changes {
                switch change {
                case .usernameBorder: setBorder(outputs.usernameBorder, of: .username)
                case .passwordBorder: setBorder(outputs.passwordBorder, of: .password)
                case .isLoginEnabled: setLoginEnabled(outputs.isLoginEnabled)
                case .isLoading: setLoading(outputs.isLoading)
                case .isLockedOut: if outputs.isLockedOut { endSession() }
                }
            }
        }
    }
}
