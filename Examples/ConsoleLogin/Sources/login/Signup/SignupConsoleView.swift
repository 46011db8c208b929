internal import ConsoleView
internal import LoginFeature
internal import PureMVVM

/// The sign-up screen at the console: the view of ``SignupViewModel`` on a ``ConsoleForm``. It forwards what
/// the user enters to the ViewModel's inputs and shows each change set on the form (borders, the button, the
/// busy line), alerts as lines; after the account is created it closes the form and remembers the user, for the
/// session to show the home screen.
///
/// ```
/// Email: dimsky@example.com
///   ✓ Email "dimsky@example.com"
/// Password:
///   ✓ Password
/// Repeat the password:
///   ✓ Repeat the password
/// Accept the terms (yes/no): yes
///   ✓ Accept the terms (yes/no) "yes"
///   → Sign up: enabled
/// Creating the account…
/// Account created. Welcome, dimsky@example.com!
/// ```
@MainActor
final class SignupConsoleView: SignupViewModelDelegate, ConsoleFormDelegate {
    /// The user whose account was created, once it has been; `nil` otherwise.
    private(set) var signedUpUser: User?
    private let form: ConsoleForm<SignupField>
    private let viewModel: SignupViewModel
    private let words: SignupConsoleWords

    /// Creates the view on a form, and makes it the form's and the ViewModel's delegate.
    ///
    /// - Parameters:
    ///   - form: The console form the sign-up is asked on.
    ///   - viewModel: The sign-up screen's ViewModel; the view owns it.
    ///   - language: The language of the view's own words: the ViewModel's.
    init(form: ConsoleForm<SignupField>, viewModel: SignupViewModel, language: Language) {
        self.form = form
        self.viewModel = viewModel
        words = SignupConsoleWords(language: language)
        form.delegate = self
        viewModel.delegate = self
    }

    // MARK: SignupViewModelDelegate

    func reloadViews(_ changes: ChangeSet<SignupOutputs>, from outputs: ReadOnlyOutputs<SignupOutputs>) {
        form.update {
            for change in changes {
                switch change {
                case .emailBorder: form.setBorder(outputs.emailBorder, of: .email)
                case .passwordBorder: form.setBorder(outputs.passwordBorder, of: .password)
                case .confirmationBorder: form.setBorder(outputs.confirmationBorder, of: .confirmation)
                case .termsBorder: form.setBorder(outputs.termsBorder, of: .terms)
                case .isSignUpEnabled: form.setActionEnabled(outputs.isSignUpEnabled)
                case .isLoading: form.setBusy(outputs.isLoading ? words.busy : nil)
                }
            }
        }
    }

    func showAlert(_ alert: AlertContent<Never>) {
        form.showAlert(alert)
    }

    func moveToHomeScreen(for user: User) {
        signedUpUser = user
        form.showMessage(words.created(user.name), tone: .success)
        form.close()
    }

    // MARK: ConsoleFormDelegate

    func form(_ form: ConsoleForm<SignupField>, didEnter text: String, in field: SignupField) {
        switch field {
        case .email: viewModel.emailDidChange(text)
        case .password: viewModel.passwordDidChange(text)
        case .confirmation: viewModel.confirmationDidChange(text)
        case .terms: viewModel.termsDidChange(SignupConsoleWords.acceptsTerms(text))
        }
    }

    func formDidSubmit(_ form: ConsoleForm<SignupField>) {
        form.update { viewModel.signUp() }
    }
}
