import LoginFeature
import PureMVVMTesting

/// An authenticator whose calls wait until the test answers them.
final class FakeAuthenticator: Authenticator {
    struct Credentials: Equatable, Sendable {
        let username: String
        let password: String
    }

    let calls = PendingCalls<Credentials, User, AuthenticationError>(whenCancelled: .cancelled)
    /// Runs when the fake is freed: a test learns from it that a task holding the fake has ended.
    let onDeinit: (@Sendable () -> Void)?

    init(onDeinit: (@Sendable () -> Void)? = nil) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit?() }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        try await calls.wait(for: Credentials(username: username, password: password))
    }
}
