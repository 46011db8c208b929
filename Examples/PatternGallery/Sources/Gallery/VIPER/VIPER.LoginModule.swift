extension VIPER {
    /// The module assembly: makes the five roles and wires them, strong references down (view → presenter →
    /// interactor and router), weak ones back.
    enum LoginModule {
        /// Builds the login module on the widgets.
        ///
        /// - Parameters:
        ///   - widgets: The screen's widgets; the router navigates with them.
        ///   - dependencies: The authenticator, rules, failure policy and clock.
        /// - Returns: The view, which owns the rest; keep it while the screen shows.
        @MainActor
        static func make(widgets: any LoginWidgets, dependencies: LoginDependencies) -> LoginViewController {
            let view = LoginViewController(widgets: widgets)
            let interactor = LoginInteractor(dependencies: dependencies)
            let router = LoginRouter(navigator: widgets)
            let presenter = LoginPresenter(interactor: interactor, router: router, alerts: dependencies.alerts)
            view.output = presenter
            presenter.view = view
            interactor.output = presenter
            return view
        }
    }
}
