extension LoginPattern {
    /// The roles a trace of this pattern shows, in the order a sequence diagram draws their lifelines: the
    /// widgets, the pattern's own roles from the view inwards, then the model's authenticator and the clock.
    ///
    /// MVC has no role between the widgets and the model: its controller does it all.
    public var tracedRoles: [LoginRole] {
        switch self {
        case .mvc: [.widgets, .controller, .authenticator, .clock]
        case .mvcVariant: [.widgets, .view, .controller, .authenticator, .clock]
        case .mvp: [.widgets, .view, .presenter, .service, .authenticator, .clock]
        case .mvvm, .mvvmInputOutput: [.widgets, .view, .viewModel, .authenticator, .clock]
        case .mvi: [.widgets, .view, .store, .reducer, .authenticator, .clock]
        case .viper: [.widgets, .view, .presenter, .interactor, .router, .authenticator, .clock]
        }
    }

    /// Builds the login screen as ``makeScreen(on:dependencies:)`` does, with a tracing proxy on every boundary
    /// between its roles: each message that crosses one is reported to the sink before it is delivered, and
    /// each value a call returns after it returns, so the sink sees the screen's sequence diagram in order.
    ///
    /// The roles are the same objects as in an untraced screen and behave the same; none of them knows it is
    /// traced. A boundary is a protocol (or, in MVVM Input/Output, a closure) one role calls another through;
    /// what a role does inside itself is not a message (MVC's controller has no boundary inside it at all).
    /// Every password is masked.
    ///
    /// ```swift
    /// let screen = LoginPattern.mvp.makeScreen(on: widgets, dependencies: dependencies, tracing: recorder)
    /// // recorder: View → Presenter  usernameDidEnter("dim"), Presenter → View  showBorder(…), …
    /// ```
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock; the authenticator and the clock are
    ///     traced as the role that uses them calls them.
    ///   - sink: Where the messages go; it first hears ``LoginTraceSink/screenDidStart(_:roles:)``.
    /// - Returns: The object that owns the rest of the screen, and the proxies; keep it while the screen shows.
    @MainActor
    public func makeScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, tracing sink: any LoginTraceSink
    ) -> AnyObject {
        sink.screenDidStart(self, roles: tracedRoles)
        return switch self {
        case .mvc: MVC.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        case .mvcVariant: MVCVariant.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        case .mvp: MVP.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        case .mvvm: MVVM.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        case .mvvmInputOutput: MVVMInputOutput.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        case .mvi: MVI.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        case .viper: VIPER.makeTracedScreen(on: widgets, dependencies: dependencies, sink: sink)
        }
    }
}
