internal import PureMVVM

extension VIPER {
    /// The view: it forwards the widgets' events to the presenter and shows what the presenter says. It owns
    /// the presenter (and through it the interactor and the router) and the widgets.
    @MainActor
    final class LoginViewController: LoginViewInput, LoginWidgetsDelegate {
        /// The presenter; set once by ``LoginModule``.
        var output: (any LoginViewOutput)?
        private let widgets: any LoginWidgets

        /// Creates the view on the widgets and makes it their delegate.
        ///
        /// - Parameter widgets: The screen's widgets.
        init(widgets: any LoginWidgets) {
            self.widgets = widgets
            widgets.delegate = self
        }

        // MARK: LoginWidgetsDelegate

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            output?.viewDidEnter(text, in: field)
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            output?.loginButtonDidTap()
        }

        // MARK: LoginViewInput

        func showBorder(_ border: BorderState, of field: LoginTextField) {
            widgets.setBorder(border, of: field)
        }

        func setLoginEnabled(_ isEnabled: Bool) {
            widgets.setLoginEnabled(isEnabled)
        }

        func setLoading(_ isLoading: Bool) {
            widgets.setLoading(isLoading)
        }

        func showAlert(_ alert: AlertContent<Never>) {
            widgets.showAlert(alert)
        }
    }
}
