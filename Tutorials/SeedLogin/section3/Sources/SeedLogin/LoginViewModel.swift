import PureMVVM

/// The seed article's login screen: two fields and a login button.
@MainActor
final class LoginViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LoginOutputs>)?
    var outputs: LoginOutputs { store.outputs }

    private let store = OutputStore(LoginOutputs())
    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))

    func usernameDidChange(_ text: String?) {
        username.edit(text)
        reloadFields()
    }

    func passwordDidChange(_ text: String?) {
        password.edit(text)
        reloadFields()
    }

    private func reloadFields() {
        store.update(notifying: delegate) { outputs in
            outputs.usernameBorder = username.border
            outputs.passwordBorder = password.border
            outputs.isLoginEnabled = username.isValid && password.isValid
        }
    }
}
