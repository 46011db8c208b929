internal import LoginFeature
internal import PureMVVM

extension MVVM {
    /// Builds the MVVM screen with its messages traced: the widgets and the view, the view's calls to the
    /// ViewModel's inputs, the ViewModel's calls to its delegate (reloads naming what changed, alerts,
    /// navigation), and its calls to the authenticator and the clock. Reading the outputs in a reload is not a
    /// message: the reload names what the view reads.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    ///   - sink: Where messages go.
    /// - Returns: The view, which owns the rest.
    @MainActor
    static func makeTracedScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, sink: any LoginTraceSink
    ) -> AnyObject {
        let traced = dependencies.traced(callingFrom: .viewModel, to: sink)
        let viewModel = LoginViewModel(
            authenticator: traced.authenticator, rules: traced.rules, alerts: traced.alerts,
            failurePolicy: traced.failurePolicy, clock: traced.clock)
        return LoginView(
            widgets: TracingWidgets(widgets, usedBy: .view, sink: sink),
            viewModel: TracingViewModel(viewModel, sink: sink))
    }

    /// The ViewModel as its view calls it: each input is a message from the View to the ViewModel; the delegate
    /// it is given hears the ViewModel's calls through a ``TracingLoginViewModelDelegate``.
    @MainActor
    final class TracingViewModel: LoginViewModelInterface {
        private let base: any LoginViewModelInterface
        private let sink: any LoginTraceSink
        private var tracingDelegate: TracingLoginViewModelDelegate?

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real ViewModel; held strongly, as the view holds its ViewModel.
        ///   - sink: Where messages go.
        init(_ base: any LoginViewModelInterface, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        var delegate: (any LoginViewModelDelegate)? {
            get { tracingDelegate?.view }
            set {
                tracingDelegate = newValue.map { TracingLoginViewModelDelegate($0, sink: sink) }
                base.delegate = tracingDelegate
            }
        }

        var outputs: LoginOutputs { base.outputs }

        func usernameDidChange(_ text: String?) {
            sink.call(from: .view, to: .viewModel, "usernameDidChange(\(TraceText.literal(text)))")
            base.usernameDidChange(text)
        }

        func usernameDidEndEditing() {
            sink.call(from: .view, to: .viewModel, "usernameDidEndEditing()")
            base.usernameDidEndEditing()
        }

        func passwordDidChange(_ text: String?) {
            sink.call(from: .view, to: .viewModel, "passwordDidChange(\(TraceText.password(text)))")
            base.passwordDidChange(text)
        }

        func passwordDidEndEditing() {
            sink.call(from: .view, to: .viewModel, "passwordDidEndEditing()")
            base.passwordDidEndEditing()
        }

        func login() {
            sink.call(from: .view, to: .viewModel, "login()")
            base.login()
        }
    }
}
