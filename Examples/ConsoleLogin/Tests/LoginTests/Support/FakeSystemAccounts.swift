import LoginFeature

/// The system's accounts as a test sets them: `bob` / `builder` signs in with two messages from the service,
/// `retired` is refused, anyone else fails.
struct FakeSystemAccounts: Authenticator {
    static let messages = [
        AccountServiceMessage(.info, "Last login: \u{1B}[2Jyesterday"),
        AccountServiceMessage(.error, "Your password will expire in 3 days."),
    ]

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        switch (username, password) {
        case ("bob", "builder"): return User(name: "bob", messages: Self.messages)
        case ("retired", _):
            throw .accountRefused(reason: "Your account has expired; please contact your administrator.")
        default: throw .invalidCredentials
        }
    }
}
