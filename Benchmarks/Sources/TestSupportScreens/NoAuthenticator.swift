internal import LoginFeature

/// The benchmark never logs in; an authenticator is required by `LoginViewModel` all the same.
struct NoAuthenticator: Authenticator {
    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        throw .unavailable
    }
}
