internal import LoginFeature
internal import PureMVVM

extension MVP {
    /// The passive view: it forwards the widgets' events to the presenter and does exactly what the presenter
    /// asks, one widget at a time. It owns the presenter; the presenter holds it weakly.
    @MainActor
    final class LoginViewController: LoginView, LoginWidgetsDelegate {
        /// The presenter; set once by the assembly.
        var presenter: (any LoginPresenting)?
        private let widgets: any LoginWidgets

        /// Creates the view on the widgets and makes it their delegate.
        ///
        /// - Parameter widgets: The screen's widgets.
        init(widgets: any LoginWidgets) {
            self.widgets = widgets
            widgets.delegate = self
        }

        // MARK: Widget events, forwarded

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            switch field {
            case .username: presenter?.usernameDidEnter(text)
            case .password: presenter?.passwordDidEnter(text)
            }
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            presenter?.loginButtonDidTap()
        }

        // MARK: LoginView

        func showBorder(_ border: BorderState, of field: LoginTextField) {
            widgets.setBorder(border, of: field)
        }

        func setLoginEnabled(_ isEnabled: Bool) {
            widgets.setLoginEnabled(isEnabled)
        }

        func showLoading() {
            widgets.setLoading(true)
        }

        func hideLoading() {
            widgets.setLoading(false)
        }

        func showError(_ alert: AlertContent<Never>) {
            widgets.showAlert(alert)
        }

        func navigateToHome(for user: User) {
            widgets.showHomeScreen(for: user)
        }

        func endSession() {
            widgets.endSession()
        }
    }
}
