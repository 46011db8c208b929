import LoginFeature
import PureMVVMTesting

/// An authenticator whose calls wait until the test answers them.
final class FakeAuthenticator: Authenticator {
    struct Credentials: Equatable, Sendable {
        let username: String
        let password: String
    }

    let calls = PendingCalls<Credentials, User, AuthenticationError>(whenCancelled: .cancelled)

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        try await calls.wait(for: Credentials(username: username, password: password))
    }
}
