/// Checks a username and password and returns the user they belong to.
///
/// The login screen depends on this protocol only, so tests use a fake they complete by hand and the console
/// uses an account file. Implementations must treat an unknown user and a wrong password the same way.
///
/// ```swift
/// struct DemoAuthenticator: Authenticator {
///     func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
///         guard username == "dimsky", password == "balabala" else { throw .invalidCredentials }
///         return User(name: username)
///     }
/// }
/// ```
public protocol Authenticator: Sendable {
    /// Checks credentials.
    ///
    /// - Parameters:
    ///   - username: The name as typed (after the login form's rules).
    ///   - password: The password; implementations must not keep, log or print it.
    /// - Returns: The signed-in user.
    /// - Throws: ``AuthenticationError/invalidCredentials`` for an unknown user or wrong password, and the other
    ///   cases as they describe; ``AuthenticationError/cancelled`` when the calling task was cancelled.
    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User
}
