internal import LoginFeature
internal import PureMVVM

extension MVP {
    /// Builds the MVP screen with its messages traced: the widgets and the view, the view and the presenter
    /// (``LoginPresenting`` one way, ``LoginView`` the other), the presenter and the service (``LoginService``),
    /// and the service's calls to the authenticator and the clock.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    ///   - sink: Where messages go.
    /// - Returns: The screen: the view, which owns the rest, with the proxy the presenter holds weakly.
    @MainActor
    static func makeTracedScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, sink: any LoginTraceSink
    ) -> AnyObject {
        let view = LoginViewController(widgets: TracingWidgets(widgets, usedBy: .view, sink: sink))
        let traced = dependencies.traced(callingFrom: .service, to: sink)
        let service = AccountLoginService(
            authenticator: traced.authenticator, failurePolicy: traced.failurePolicy, clock: traced.clock)
        let presenterView = TracingView(view, sink: sink)
        let presenter = LoginPresenter(
            view: presenterView, service: TracingService(service, sink: sink), rules: dependencies.rules,
            alerts: dependencies.alerts)
        view.presenter = TracingPresenter(presenter, sink: sink)
        return TracedLoginScreen(view, keeping: [presenterView])
    }

    /// The presenter as the view calls it: each input is a message from the View to the Presenter.
    @MainActor
    final class TracingPresenter: LoginPresenting {
        private let base: any LoginPresenting
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real presenter; held strongly, as the view holds its presenter.
        ///   - sink: Where messages go.
        init(_ base: any LoginPresenting, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func usernameDidEnter(_ text: String) {
            sink.call(from: .view, to: .presenter, "usernameDidEnter(\(TraceText.literal(text)))")
            base.usernameDidEnter(text)
        }

        func passwordDidEnter(_ text: String) {
            sink.call(from: .view, to: .presenter, "passwordDidEnter(\(TraceText.maskedPassword))")
            base.passwordDidEnter(text)
        }

        func loginButtonDidTap() {
            sink.call(from: .view, to: .presenter, "loginButtonDidTap()")
            base.loginButtonDidTap()
        }
    }

    /// The view as the presenter calls it: each step is a message from the Presenter to the View.
    @MainActor
    final class TracingView: LoginView {
        private weak var base: (any LoginView)?
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real view; held weakly, as the presenter holds its view.
        ///   - sink: Where messages go.
        init(_ base: any LoginView, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func showBorder(_ border: BorderState, of field: LoginTextField) {
            send("showBorder(\(TraceText.border(border)), of: \(TraceText.field(field)))") {
                $0.showBorder(border, of: field)
            }
        }

        func setLoginEnabled(_ isEnabled: Bool) {
            send("setLoginEnabled(\(isEnabled))") { $0.setLoginEnabled(isEnabled) }
        }

        func showLoading() {
            send("showLoading()") { $0.showLoading() }
        }

        func hideLoading() {
            send("hideLoading()") { $0.hideLoading() }
        }

        func showError(_ alert: AlertContent<Never>) {
            send("showError(\(TraceText.alert(alert)))") { $0.showError(alert) }
        }

        func navigateToHome(for user: User) {
            send("navigateToHome(for: \(TraceText.user(user)))") { $0.navigateToHome(for: user) }
        }

        func endSession() {
            send("endSession()") { $0.endSession() }
        }

        private func send(_ text: String, _ call: (any LoginView) -> Void) {
            guard let base else { return }
            sink.call(from: .presenter, to: .view, text)
            call(base)
        }
    }

    /// The service as the presenter calls it: the attempt, then how it ended.
    @MainActor
    final class TracingService: LoginService {
        private let base: any LoginService
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real service; held strongly, as the presenter holds it.
        ///   - sink: Where messages go.
        init(_ base: any LoginService, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func logIn(username: String, password: String) async -> LoginAttemptResult {
            sink.call(
                from: .presenter, to: .service,
                "logIn(username: \(TraceText.literal(username)), password: \(TraceText.maskedPassword))")
            let result = await base.logIn(username: username, password: password)
            let text =
                switch result {
                case .signedIn(let user): ".signedIn(\(TraceText.user(user)))"
                case .failed(let error, let attemptsLeft):
                    ".failed(\(TraceText.error(error)), attemptsLeft: \(attemptsLeft))"
                }
            sink.reply(from: .service, to: .presenter, "return \(text)")
            return result
        }
    }
}
