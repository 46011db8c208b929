internal import LoginFeature
internal import PureMVVM

extension MVI {
    /// What the store tells its view: a new state to render, and the effects only a view can carry out.
    @MainActor
    protocol LoginRendering: AnyObject {
        /// Renders the whole state.
        ///
        /// - Parameter state: The new state.
        func render(_ state: LoginState)

        /// Shows an alert.
        ///
        /// - Parameter alert: The alert.
        func showAlert(_ alert: AlertContent<Never>)

        /// Leaves for the home screen.
        ///
        /// - Parameter user: The user who signed in.
        func showHomeScreen(for user: User)

        /// Ends the session.
        func endSession()
    }
}
