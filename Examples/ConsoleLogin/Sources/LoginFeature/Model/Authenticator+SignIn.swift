extension Authenticator {
    /// Signs in once, the way every login screen does: asks the authenticator and, after wrong credentials, waits
    /// the failure policy's delay before returning, so the screen keeps showing "Signing in…" and reports the
    /// failure late. Other failures (an unavailable service) come back at once and do not count.
    ///
    /// ```swift
    /// loginTask = Task { [weak self, authenticator, clock] in
    ///     let result = await authenticator.signIn(username: name, password: secret, clock: clock) {
    ///         self?.attempts.recordFailure()
    ///     }
    ///     guard let result else { return }  // the screen is gone
    ///     self?.loginDidFinish(result)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - username: The name as typed.
    ///   - password: The password; it is not kept.
    ///   - clock: The clock the delay runs on.
    ///   - failureDelay: Counts a failed attempt and returns its delay (usually ``LoginAttempts/recordFailure()``);
    ///     `nil` when the screen that asked is gone.
    /// - Returns: The sign-in's result, or `nil` when the screen is gone or the delay was cancelled: there is
    ///   nobody left to tell.
    @MainActor
    public func signIn(
        username: String,
        password: String,
        clock: any Clock<Duration>,
        failureDelay: @MainActor () -> Duration?
    ) async -> Result<User, AuthenticationError>? {
        let result: Result<User, AuthenticationError>
        do throws(AuthenticationError) {
            result = .success(try await authenticate(username: username, password: password))
        } catch {
            result = .failure(error)
        }
        guard case .failure(.invalidCredentials) = result else { return result }
        guard let delay = failureDelay() else { return nil }
        do {
            try await clock.sleep(for: delay)
        } catch {
            return nil
        }
        return result
    }
}
