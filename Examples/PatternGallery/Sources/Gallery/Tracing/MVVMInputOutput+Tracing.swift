internal import LoginFeature
internal import PureMVVM

extension MVVMInputOutput {
    /// Builds the Input/Output screen with its messages traced: the binding first (the view's call to
    /// `transform(input:)`, the ViewModel hooking a handler to each `Input` field, the view connecting itself to
    /// the `Output`), then the widgets and the view, the view's calls to the handlers, the ViewModel's calls to
    /// its delegate, and its calls to the authenticator and the clock. Reading the outputs through
    /// `Output.current` is not a message: each reload names what the view reads.
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
        let viewModel = LoginViewModel(dependencies: dependencies.traced(callingFrom: .viewModel, to: sink))
        return LoginView(
            widgets: TracingWidgets(widgets, usedBy: .view, sink: sink),
            viewModel: TracingViewModel(viewModel, sink: sink))
    }

    /// The ViewModel as its view binds it: `transform(input:)` is a message from the View; each handler the
    /// ViewModel hooks to the `Input` is a message back, and so is each later call of a handler by the View; the
    /// delegate the view connects hears the ViewModel through a ``TracingLoginViewModelDelegate``.
    @MainActor
    final class TracingViewModel: ViewModelType {
        private let base: any ViewModelType<LoginViewModel.Input, LoginViewModel.Output>
        private let sink: any LoginTraceSink

        /// Creates the proxy.
        ///
        /// - Parameters:
        ///   - base: The real ViewModel, kept by the output it returns, as the real one is.
        ///   - sink: Where messages go.
        init(_ base: some ViewModelType<LoginViewModel.Input, LoginViewModel.Output>, sink: any LoginTraceSink) {
            self.base = base
            self.sink = sink
        }

        func transform(input: LoginViewModel.Input) -> LoginViewModel.Output {
            let sink = sink
            sink.call(from: .view, to: .viewModel, "transform(input: Input(username:password:login:))")
            let output = base.transform(
                input: LoginViewModel.Input(
                    username: { handler in
                        sink.call(from: .viewModel, to: .view, "input.username(handler)")
                        input.username { text in
                            sink.call(from: .view, to: .viewModel, "usernameHandler(\(TraceText.literal(text)))")
                            handler(text)
                        }
                    },
                    password: { handler in
                        sink.call(from: .viewModel, to: .view, "input.password(handler)")
                        input.password { text in
                            sink.call(from: .view, to: .viewModel, "passwordHandler(\(TraceText.maskedPassword))")
                            handler(text)
                        }
                    },
                    login: { handler in
                        sink.call(from: .viewModel, to: .view, "input.login(handler)")
                        input.login {
                            sink.call(from: .view, to: .viewModel, "loginHandler()")
                            handler()
                        }
                    }
                )
            )
            sink.reply(from: .viewModel, to: .view, "return Output(current:connect:)")
            let connection = Connection()
            return LoginViewModel.Output(
                current: output.current,
                connect: { view in
                    sink.call(from: .view, to: .viewModel, "output.connect(view)")
                    let delegate = TracingLoginViewModelDelegate(view, sink: sink)
                    connection.delegate = delegate  // the view keeps the output, which keeps the proxy
                    output.connect(delegate)
                }
            )
        }

        /// Keeps the delegate proxy the ViewModel holds weakly, for as long as the view keeps the output.
        private final class Connection {
            var delegate: TracingLoginViewModelDelegate?
        }
    }
}
