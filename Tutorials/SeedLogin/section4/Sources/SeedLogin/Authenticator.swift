/// Who signed in.
struct User: Equatable, Sendable {
    let name: String
}

/// Why a sign-in failed.
enum SignInError: Error, Equatable, Sendable {
    case wrongCredentials
    case cancelled
}

/// Checks credentials, somewhere else: a server, a file, the system's accounts.
protocol Authenticator: Sendable {
    func signIn(username: String, password: String) async throws(SignInError) -> User
}
