import PureMVVM

/// The seed article's login screen: two fields, a login button, loading, then an alert
/// or the home screen.
@MainActor
final class LoginViewModel: ViewModel {
    weak var delegate: (any LoginViewModelDelegate)?
    var outputs: LoginOutputs { store.outputs }

    private let store = OutputStore(LoginOutputs())
    private let authenticator: any Authenticator
    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))
    private let signIn = InFlightTask<User, SignInError>()

    init(authenticator: any Authenticator) {
        self.authenticator = authenticator
    }

    func usernameDidChange(_ text: String?) {
        username.edit(text)
        reloadFields()
    }

    func passwordDidChange(_ text: String?) {
        password.edit(text)
        reloadFields()
    }

    func login() {
        guard outputs.isLoginEnabled,
            let name = username.value, let secret = password.value
        else { return }
        store.update(notifying: delegate) { outputs in
            outputs.isLoading = true
            outputs.isLoginEnabled = false
        }
        signIn.start { [authenticator] () async throws(SignInError) -> User in
            try await authenticator.signIn(username: name, password: secret)
        } then: { [weak self] result in
            self?.loginDidFinish(result)
        }
    }

    private func reloadFields() {
        store.update(notifying: delegate) { outputs in
            outputs.usernameBorder = username.border
            outputs.passwordBorder = password.border
            outputs.isLoginEnabled =
                username.isValid && password.isValid && !outputs.isLoading
        }
    }

    private func loginDidFinish(_ result: Result<User, SignInError>) {
        store.update(notifying: delegate) { outputs in
            outputs.isLoading = false
            outputs.isLoginEnabled = username.isValid && password.isValid
        }
        switch result {
        case .success(let user):
            delegate?.moveToHomeScreen(for: user)
        case .failure(.wrongCredentials):
            delegate?.showAlert(
                AlertContent(
                    title: "Sign-in failed", message: "Wrong username or password."))
        case .failure(.cancelled):
            break
        }
    }
}
