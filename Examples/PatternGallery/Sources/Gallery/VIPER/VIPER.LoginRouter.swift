internal import LoginFeature

extension VIPER {
    /// The router: navigation only, on the platform's navigator.
    @MainActor
    final class LoginRouter: LoginRouterInput {
        /// The platform's navigation; held weakly (the view owns the widgets).
        weak var navigator: (any LoginNavigator)?

        /// Creates the router.
        ///
        /// - Parameter navigator: The platform's navigation; held weakly.
        init(navigator: any LoginNavigator) {
            self.navigator = navigator
        }

        func openHomeScreen(for user: User) {
            navigator?.showHomeScreen(for: user)
        }

        func closeSession() {
            navigator?.endSession()
        }
    }
}
