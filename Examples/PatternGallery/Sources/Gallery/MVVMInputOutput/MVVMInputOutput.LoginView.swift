internal import LoginFeature
internal import PureMVVM

extension MVVMInputOutput {
    /// The View of the Input/Output ViewModel: it builds the ``LoginViewModel/Input`` from its widgets' events,
    /// keeps the ``LoginViewModel/Output``, connects itself to it, and maps each reload onto the widgets.
    @MainActor
    final class LoginView: LoginWidgetsDelegate, LoginViewModelDelegate {
        private let widgets: any LoginWidgets
        private var output: LoginViewModel.Output?
        private var usernameHandler: (@MainActor (String) -> Void)?
        private var passwordHandler: (@MainActor (String) -> Void)?
        private var loginHandler: (@MainActor () -> Void)?

        /// Creates the view, binds it to the ViewModel through `transform(input:)`, and makes it the widgets'
        /// delegate. The view keeps the output, which keeps the ViewModel.
        ///
        /// - Parameters:
        ///   - widgets: The screen's widgets.
        ///   - viewModel: The screen's logic: ``LoginViewModel``, or anything with its `Input` and `Output`.
        init(
            widgets: any LoginWidgets,
            viewModel: some ViewModelType<LoginViewModel.Input, LoginViewModel.Output>
        ) {
            self.widgets = widgets
            let output = viewModel.transform(
                input: LoginViewModel.Input(
                    username: { [weak self] in self?.usernameHandler = $0 },
                    password: { [weak self] in self?.passwordHandler = $0 },
                    login: { [weak self] in self?.loginHandler = $0 }
                )
            )
            output.connect(self)
            self.output = output
            widgets.delegate = self
        }

        // MARK: Widget events, sent to the hooked handlers

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            switch field {
            case .username: usernameHandler?(text)
            case .password: passwordHandler?(text)
            }
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            loginHandler?()
        }

        // MARK: The output, through the delegate

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
