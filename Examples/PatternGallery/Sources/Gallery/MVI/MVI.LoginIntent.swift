internal import LoginFeature

extension MVI {
    /// What happened: what the user meant, or what an effect reports back. Every change of the state starts as
    /// one of these.
    enum LoginIntent: Equatable, Sendable {
        /// The user entered the username.
        case enterUsername(String)
        /// The user entered the password.
        case enterPassword(String)
        /// The user pressed the login button.
        case logIn
        /// The authenticator answered.
        case authenticationDidFinish(Result<User, AuthenticationError>)
        /// The failure delay is over: the failure can be reported.
        case failureDelayDidEnd(AuthenticationError)
    }
}
