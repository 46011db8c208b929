extension MVCVariant {
    /// The view that configures itself from a ``LoginForm``: setting ``form`` redraws every widget from it, as
    /// the seed's `setModel:` does. It knows how a form looks, not what it means: it never validates or decides.
    @MainActor
    final class LoginFormView: LoginFormShowing, LoginWidgetsDelegate {
        /// Hears the user's input; held weakly.
        weak var delegate: (any LoginFormViewDelegate)?
        /// The widgets it draws on, which the controller also uses for alerts and navigation.
        let widgets: any LoginWidgets

        /// What the view shows; setting it redraws the form.
        var form: LoginForm? {
            didSet { configure() }
        }

        /// Creates the view on the widgets and makes it their delegate.
        ///
        /// - Parameter widgets: The screen's widgets.
        init(widgets: any LoginWidgets) {
            self.widgets = widgets
            widgets.delegate = self
        }

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            delegate?.loginFormView(self, didEnter: text, in: field)
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            delegate?.loginFormViewDidSubmit(self)
        }

        private func configure() {
            guard let form else { return }
            widgets.update {
                for field in LoginTextField.allCases {
                    widgets.setBorder(form.border(of: field), of: field)
                }
                widgets.setLoginEnabled(form.isLoginEnabled)
                widgets.setLoading(form.isLoading)
            }
        }
    }
}
