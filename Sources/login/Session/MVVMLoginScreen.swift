internal import ConsoleView
internal import LoginFeature
internal import PureMVVM

/// The MVVM login screen on the console: ``LoginViewModel`` behind the console form.
///
/// It is the view in the seed article's sense: it forwards the form's events to the ViewModel's inputs and, in
/// ``reloadViews(_:)``, updates only the widgets the change set names, instead of redrawing everything. The form
/// itself prints only what changed on screen.
@MainActor
final class MVVMLoginScreen: LoginScreen, ConsoleFormDelegate, LoginViewModelDelegate {
    private(set) var outcome: LoginOutcome?
    private let form: ConsoleForm<LoginField>
    private let viewModel: LoginViewModel

    /// Creates the screen and makes it the form's delegate and the ViewModel's.
    init(form: ConsoleForm<LoginField>, dependencies: LoginDependencies) {
        self.form = form
        viewModel = LoginViewModel(
            authenticator: dependencies.authenticator,
            rules: dependencies.rules,
            failurePolicy: dependencies.failurePolicy,
            clock: dependencies.clock
        )
        viewModel.delegate = self
        form.delegate = self
    }

    /// The factory the session uses by default.
    static let factory: LoginScreenFactory = { form, dependencies in
        MVVMLoginScreen(form: form, dependencies: dependencies)
    }

    // MARK: ConsoleFormDelegate: the view forwards events

    func form(_ form: ConsoleForm<LoginField>, didEnter text: String, in field: LoginField) {
        switch field {
        case .username:
            viewModel.usernameDidChange(text)
            viewModel.usernameDidEndEditing()
        case .password:
            viewModel.passwordDidChange(text)
            viewModel.passwordDidEndEditing()
        }
    }

    func formDidSubmit(_ form: ConsoleForm<LoginField>) {
        viewModel.login()
    }

    // MARK: LoginViewModelDelegate: the ViewModel tells the view what changed

    func reloadViews(_ changes: ChangeSet<LoginOutputs>) {
        form.update {
            for change in changes {
                switch change {
                case .usernameBorder: form.setBorder(viewModel.usernameBorder, of: .username)
                case .passwordBorder: form.setBorder(viewModel.passwordBorder, of: .password)
                case .isLoginEnabled: form.setActionEnabled(viewModel.isLoginEnabled)
                case .isLoading: form.setBusy(viewModel.isLoading ? LoginConsoleWords.busy : nil)
                case .isLockedOut:
                    guard viewModel.isLockedOut else { continue }
                    outcome = .lockedOut
                    form.close()
                }
            }
        }
    }

    func showAlert(_ alert: Alert) {
        form.showAlert(alert)
    }

    func moveToHomeScreen(for user: User) {
        outcome = .signedIn(user)
        form.showMessage(LoginConsoleWords.welcome(user), tone: .success)
        form.close()
    }
}
