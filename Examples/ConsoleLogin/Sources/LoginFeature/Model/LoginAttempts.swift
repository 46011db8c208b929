/// The failed sign-ins of one login session, counted against a ``LoginFailurePolicy``.
///
/// Every way of writing the login screen keeps one, counts each failure with ``recordFailure()`` (usually through
/// `Authenticator.signIn(username:password:clock:failureDelay:)`, which also waits the delay), and then asks it
/// whether the session is over:
///
/// ```swift
/// let result = await authenticator.signIn(username: name, password: secret, clock: clock) {
///     self?.attempts.recordFailure()    // keeps showing "Signing in…" for the delay
/// }
/// if case .failure = result, attempts.isExhausted { endSession() }
/// ```
public struct LoginAttempts: Hashable, Sendable {
    /// The policy the attempts are counted against.
    public let policy: LoginFailurePolicy
    /// How many attempts have failed.
    public private(set) var failures = 0

    /// Starts a session with no failed attempts.
    ///
    /// - Parameter policy: The delays and the limit.
    public init(policy: LoginFailurePolicy) {
        self.policy = policy
    }

    /// Whether the limit is reached: no attempt is allowed any more and the session ends.
    public var isExhausted: Bool { !policy.allowsAttempt(afterFailures: failures) }

    /// Counts a failed attempt (wrong credentials only).
    ///
    /// - Returns: How long to wait before reporting the failure.
    public mutating func recordFailure() -> Duration {
        failures += 1
        return policy.delay(afterFailure: failures)
    }
}
