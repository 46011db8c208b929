/// The failed sign-ins of one login session, counted against a ``LoginFailurePolicy``.
///
/// Every way of writing the login screen keeps one and asks it what to do after a failure:
///
/// ```swift
/// case .failure(.invalidCredentials):
///     let delay = attempts.recordFailure()
///     try await clock.sleep(for: delay)          // keep showing "Signing in…"
///     if attempts.isExhausted { endSession() } else { showAlert(LoginAlerts.alert(for: error)) }
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
