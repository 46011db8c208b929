import PureMVVM

/// The seed article's login screen; so far, the username field.
@MainActor
final class LoginViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<LoginOutputs>)?
    var outputs: LoginOutputs { store.outputs }

    private let store = OutputStore(LoginOutputs())
    private var username = ValidatedField(rule: .minimumLength(6))

    func usernameDidChange(_ text: String?) {
        username.edit(text)
        store.update(notifying: delegate) { outputs in
            outputs.usernameBorder = username.border
        }
    }
}
