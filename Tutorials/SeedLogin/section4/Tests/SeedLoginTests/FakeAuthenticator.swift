import PureMVVMTesting

@testable import SeedLogin

/// An authenticator whose calls wait until the test answers them.
final class FakeAuthenticator: Authenticator {
    struct Credentials: Equatable, Sendable {
        let username: String
        let password: String
    }

    let calls = PendingCalls<Credentials, User, SignInError>(whenCancelled: .cancelled)

    func signIn(username: String, password: String) async throws(SignInError) -> User {
        try await calls.wait(for: Credentials(username: username, password: password))
    }
}
