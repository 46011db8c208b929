internal import LoginFeature
internal import PureMVVM

extension MVI {
    /// The MVI view: it turns the widgets' events into intents and renders every new state whole. Drawing the
    /// whole state costs little here: the widgets show only what changed.
    @MainActor
    final class LoginView: LoginWidgetsDelegate, LoginRendering {
        private let widgets: any LoginWidgets
        private let store: any LoginIntentReceiver

        /// Creates the view, makes it the store's view and the widgets' delegate.
        ///
        /// - Parameters:
        ///   - widgets: The screen's widgets.
        ///   - store: The store.
        init(widgets: any LoginWidgets, store: any LoginIntentReceiver) {
            self.widgets = widgets
            self.store = store
            store.view = self
            widgets.delegate = self
        }

        // MARK: Intents

        func widgets(_ widgets: any LoginWidgets, didEnter text: String, in field: LoginTextField) {
            switch field {
            case .username: store.send(.enterUsername(text))
            case .password: store.send(.enterPassword(text))
            }
        }

        func widgetsDidSubmit(_ widgets: any LoginWidgets) {
            store.send(.logIn)
        }

        // MARK: Rendering

        func render(_ state: LoginState) {
            widgets.update {
                widgets.setBorder(state.usernameBorder, of: .username)
                widgets.setBorder(state.passwordBorder, of: .password)
                widgets.setLoginEnabled(state.isLoginEnabled)
                widgets.setLoading(state.isLoading)
            }
        }

        func showAlert(_ alert: AlertContent<Never>) {
            widgets.showAlert(alert)
        }

        func showHomeScreen(for user: User) {
            widgets.showHomeScreen(for: user)
        }

        func endSession() {
            widgets.endSession()
        }
    }
}
