internal import LoginFeature
internal import PureMVVM

extension MVI {
    /// Everything the login screen shows and needs, as one value that is never edited in place: the reducer
    /// returns a new state, the store replaces its own whole (only it can), and the view renders a copy.
    ///
    /// It holds the typed password until the attempt ends, as the seed's state does; it is never rendered.
    struct LoginState: Equatable, Sendable {
        /// The username as entered; `nil` until then.
        var username: String?
        /// The password as entered; `nil` until then, and again after a failed attempt.
        var password: String?
        /// The username field's border.
        var usernameBorder: BorderState = .neutral
        /// The password field's border.
        var passwordBorder: BorderState = .neutral
        /// Whether the username passes its rule.
        var isUsernameValid = false
        /// Whether the password passes its rule.
        var isPasswordValid = false
        /// Whether a sign-in is running.
        var isLoading = false
        /// Whether the failed attempts used up the failure policy's limit.
        var isLockedOut = false
        /// The failed attempts so far.
        var attempts: LoginAttempts

        /// The state of an untouched screen.
        ///
        /// - Parameter failurePolicy: The delays and the attempt limit.
        init(failurePolicy: LoginFailurePolicy) {
            attempts = LoginAttempts(policy: failurePolicy)
        }

        /// Whether the login button can be pressed.
        var isLoginEnabled: Bool {
            isUsernameValid && isPasswordValid && !isLoading && !isLockedOut
        }
    }
}
