internal import LoginFeature
internal import PureMVVM

extension MVI {
    /// Work the reducer asks for and cannot do itself, being pure: the store runs it.
    enum LoginEffect: Equatable, Sendable {
        /// Ask the authenticator; its answer comes back as ``LoginIntent/authenticationDidFinish(_:)``.
        case authenticate(username: String, password: String)
        /// Wait on the clock, then send the intent.
        case wait(Duration, then: LoginIntent)
        /// Show an alert.
        case showAlert(AlertContent<Never>)
        /// Leave for the home screen.
        case showHomeScreen(User)
        /// End the session: no attempts left.
        case endSession
    }
}
