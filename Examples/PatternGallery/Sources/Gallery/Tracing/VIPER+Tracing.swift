internal import LoginFeature
internal import PureMVVM

extension VIPER {
    /// Builds the VIPER module as ``LoginModule/make(widgets:dependencies:)`` does, with a tracing proxy on each of
    /// its five protocols: the view and the presenter (``LoginViewOutput`` one way, ``LoginViewInput`` the other),
    /// the presenter and the interactor (``LoginInteractorInput``, ``LoginInteractorOutput``), the presenter and
    /// the router (``LoginRouterInput``); and on the widgets, as the view and the router use them, and the
    /// interactor's authenticator and clock.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    ///   - sink: Where messages go.
    /// - Returns: The screen: the view, which owns the rest, with the proxies held weakly.
    @MainActor
    static func makeTracedScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, sink: any LoginTraceSink
    ) -> AnyObject {
        let view = LoginViewController(widgets: TracingWidgets(widgets, usedBy: .view, sink: sink))
        let interactor = LoginInteractor(dependencies: dependencies.traced(callingFrom: .interactor, to: sink))
        let navigator = TracingWidgets(widgets, usedBy: .router, sink: sink, hearsEvents: false)
        let router = LoginRouter(navigator: navigator)
        let presenter = LoginPresenter(
            interactor: TracingInteractorInput(interactor, sink: sink),
            router: TracingRouterInput(router, sink: sink), alerts: dependencies.alerts)
        view.output = TracingViewOutput(presenter, sink: sink)
        let presenterView = TracingViewInput(view, sink: sink)
        presenter.view = presenterView
        let interactorOutput = TracingInteractorOutput(presenter, sink: sink)
        interactor.output = interactorOutput
        return TracedLoginScreen(view, keeping: [navigator, presenterView, interactorOutput])
    }

    /// The presenter as the view calls it: each event is a message from the View to the Presenter.
    @MainActor
    final class TracingViewOutput: LoginViewOutput {
        private let base: any LoginViewOutput
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real presenter; held strongly, as the view holds it.
        ///   - sink: Where messages go.
        init(_ base: any LoginViewOutput, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func viewDidEnter(_ text: String, in field: LoginTextField) {
            sink.call(
                from: .view, to: .presenter,
                "viewDidEnter(\(TraceText.text(text, in: field)), in: \(TraceText.field(field)))")
            base.viewDidEnter(text, in: field)
        }

        func loginButtonDidTap() {
            sink.call(from: .view, to: .presenter, "loginButtonDidTap()")
            base.loginButtonDidTap()
        }
    }

    /// The view as the presenter calls it: each step is a message from the Presenter to the View.
    @MainActor
    final class TracingViewInput: LoginViewInput {
        private weak var base: (any LoginViewInput)?
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real view; held weakly, as the presenter holds it.
        ///   - sink: Where messages go.
        init(_ base: any LoginViewInput, sink: any LoginTraceSink) {
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

        func setLoading(_ isLoading: Bool) {
            send("setLoading(\(isLoading))") { $0.setLoading(isLoading) }
        }

        func showAlert(_ alert: AlertContent<Never>) {
            send("showAlert(\(TraceText.alert(alert)))") { $0.showAlert(alert) }
        }

        private func send(_ text: String, _ call: (any LoginViewInput) -> Void) {
            guard let base else { return }
            sink.call(from: .presenter, to: .view, text)
            call(base)
        }
    }

    /// The interactor as the presenter calls it: each question and request is a message from the Presenter, and
    /// each answer a reply.
    @MainActor
    final class TracingInteractorInput: LoginInteractorInput {
        private let base: any LoginInteractorInput
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real interactor; held strongly, as the presenter holds it.
        ///   - sink: Where messages go.
        init(_ base: any LoginInteractorInput, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func failures(of text: String?, in field: LoginTextField) -> [String] {
            sink.call(
                from: .presenter, to: .interactor,
                "failures(of: \(TraceText.text(text, in: field)), in: \(TraceText.field(field)))")
            let failures = base.failures(of: text, in: field)
            sink.reply(from: .interactor, to: .presenter, "return \(TraceText.strings(failures))")
            return failures
        }

        func signIn(with credentials: LoginCredentials) {
            sink.call(
                from: .presenter, to: .interactor,
                "signIn(with: LoginCredentials(username: \(TraceText.literal(credentials.username)), "
                    + "password: \(TraceText.maskedPassword)))")
            base.signIn(with: credentials)
        }
    }

    /// The presenter as the interactor calls it: how each sign-in ended is a message from the Interactor.
    @MainActor
    final class TracingInteractorOutput: LoginInteractorOutput {
        private weak var base: (any LoginInteractorOutput)?
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real presenter; held weakly, as the interactor holds it.
        ///   - sink: Where messages go.
        init(_ base: any LoginInteractorOutput, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func signInDidSucceed(for user: User) {
            guard let base else { return }
            sink.call(from: .interactor, to: .presenter, "signInDidSucceed(for: \(TraceText.user(user)))")
            base.signInDidSucceed(for: user)
        }

        func signInDidFail(with error: AuthenticationError, attemptsLeft: Bool) {
            guard let base else { return }
            sink.call(
                from: .interactor, to: .presenter,
                "signInDidFail(with: \(TraceText.error(error)), attemptsLeft: \(attemptsLeft))")
            base.signInDidFail(with: error, attemptsLeft: attemptsLeft)
        }
    }

    /// The router as the presenter calls it: each route is a message from the Presenter to the Router.
    @MainActor
    final class TracingRouterInput: LoginRouterInput {
        private let base: any LoginRouterInput
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real router; held strongly, as the presenter holds it.
        ///   - sink: Where messages go.
        init(_ base: any LoginRouterInput, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func openHomeScreen(for user: User) {
            sink.call(from: .presenter, to: .router, "openHomeScreen(for: \(TraceText.user(user)))")
            base.openHomeScreen(for: user)
        }

        func closeSession() {
            sink.call(from: .presenter, to: .router, "closeSession()")
            base.closeSession()
        }
    }
}
