import ConsoleView
import PureMVVM

/// The login form's fields at the console, in the order they are asked for.
enum LoginField: ConsoleFormField {
    case username, password

    var label: String { self == .username ? "Username" : "Password" }
    var isSecure: Bool { self == .password }
}

/// The login screen at the console: it forwards what the user types to the ViewModel's
/// inputs and draws what the ViewModel says changed. It decides nothing.
@MainActor
final class LoginConsoleView: LoginViewModelDelegate, ConsoleFormDelegate {
    let form: ConsoleForm<LoginField>
    private(set) var signedInUser: User?
    private let viewModel: LoginViewModel

    init(viewModel: LoginViewModel, output: any ConsoleOutput) {
        self.viewModel = viewModel
        form = ConsoleForm(actionTitle: "Sign in", output: output)
        form.delegate = self
        viewModel.delegate = self
    }

    // MARK: The user typed: call the ViewModel's inputs

    func form(
        _ form: ConsoleForm<LoginField>, didEnter text: String, in field: LoginField
    ) {
        switch field {
        case .username: viewModel.usernameDidChange(text)
        case .password: viewModel.passwordDidChange(text)
        }
    }

    func formDidSubmit(_ form: ConsoleForm<LoginField>) {
        viewModel.login()
    }

    // MARK: The ViewModel changed: draw what changed

    func reloadViews(
        _ changes: ChangeSet<LoginOutputs>, from outputs: ReadOnlyOutputs<LoginOutputs>
    ) {
        form.update {
            for change in changes {
                switch change {
                case .usernameBorder:
                    form.setBorder(outputs.usernameBorder, of: .username)
                case .passwordBorder:
                    form.setBorder(outputs.passwordBorder, of: .password)
                case .isLoginEnabled: form.setActionEnabled(outputs.isLoginEnabled)
                case .isLoading: form.setBusy(outputs.isLoading ? "Signing in…" : nil)
                }
            }
        }
    }

    func showAlert(_ alert: AlertContent<Never>) {
        form.showAlert(alert)
    }

    func moveToHomeScreen(for user: User) {
        signedInUser = user
        form.showMessage("Welcome, \(user.name)!")
        form.close()
    }
}
