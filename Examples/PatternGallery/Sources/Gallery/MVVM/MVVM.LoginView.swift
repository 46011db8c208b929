internal import LoginFeature
internal import PureMVVM

extension MVVM {
    /// The View of the toolkit's login: it forwards the widgets' events to `LoginViewModel`'s inputs and, in
    /// ``reloadViews(_:from:)``, updates only the widgets the change set names, instead of redrawing everything.
    ///
    /// It owns the ViewModel; the ViewModel holds it weakly, as its delegate.
    @MainActor
    final class LoginView: LoginWidgetsDelegate, LoginViewModelDelegate {
        private let widgets: any LoginWidgets
        private let viewModel: any LoginViewModelInterface

        /// Creates the view, makes it the widgets' delegate and the ViewModel's.
        ///
        /// - Parameters:
        ///   - widgets: The screen's widgets.
        ///   - viewModel: The screen's logic.
        init(widgets: any LoginWidgets, viewModel: any LoginViewModelInterface) {
            self.widgets = widgets
            self.viewModel = viewModel
            viewModel.delegate = self
            widgets.delegate = self
        }

        // MARK: Widget events: the view forwards them

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            switch field {
            case .username:
                viewModel.usernameDidChange(text)
                viewModel.usernameDidEndEditing()
            case .password:
                viewModel.passwordDidChange(text)
                viewModel.passwordDidEndEditing()
            }
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            viewModel.login()
        }

        // MARK: LoginViewModelDelegate: the ViewModel tells the view what changed

        func reloadViews(_ changes: ChangeSet<LoginOutputs>, from outputs: ReadOnlyOutputs<LoginOutputs>) {
            widgets.show(changes, from: outputs)
        }

        func showAlert(_ alert: AlertContent<Never>) {
            widgets.showAlert(alert)
        }

        func moveToHomeScreen(for user: User) {
            widgets.showHomeScreen(for: user)
        }
    }
}
