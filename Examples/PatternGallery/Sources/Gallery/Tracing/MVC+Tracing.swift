extension MVC {
    /// Builds the MVC screen with its messages traced.
    ///
    /// The controller does it all, so nothing inside it is a boundary to trace: the trace shows only what crosses
    /// its edges, the widgets' events and the controller's calls on them, and its calls to the authenticator and
    /// the clock. Validation, the attempts and the choice of alert happen inside the controller, unseen.
    ///
    /// - Parameters:
    ///   - widgets: The screen's widgets.
    ///   - dependencies: The authenticator, rules, failure policy and clock.
    ///   - sink: Where messages go.
    /// - Returns: The controller, which owns the rest.
    @MainActor
    static func makeTracedScreen(
        on widgets: any LoginWidgets, dependencies: LoginDependencies, sink: any LoginTraceSink
    ) -> AnyObject {
        LoginViewController(
            widgets: TracingWidgets(widgets, usedBy: .controller, sink: sink),
            dependencies: dependencies.traced(callingFrom: .controller, to: sink))
    }
}
