import Foundation
import LoginFeature

/// An authenticator that answers at once from a list of results, in order, and records what it was asked.
/// Once the list is used up it answers `.invalidCredentials`.
final class ScriptedAuthenticator: Authenticator, @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<User, AuthenticationError>]
    private var names: [String] = []

    /// Runs when the authenticator is freed; a test uses it to learn that a task holding it has ended.
    nonisolated(unsafe) var onDeinit: (@Sendable () -> Void)?

    init(_ results: [Result<User, AuthenticationError>]) {
        self.results = results
    }

    deinit { onDeinit?() }

    /// The usernames asked about, in order.
    var askedNames: [String] { lock.withLock { names } }

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        let result: Result<User, AuthenticationError> = lock.withLock {
            names.append(username)
            return results.isEmpty ? .failure(.invalidCredentials) : results.removeFirst()
        }
        return try result.get()
    }
}
