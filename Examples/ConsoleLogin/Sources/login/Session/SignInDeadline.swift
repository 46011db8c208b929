internal import LoginFeature

/// An authenticator whose every attempt ends within the prompt timeout (issue 40, F3): when the check has not
/// answered by then, the process ends with the screen's "Sign-in unavailable" and the reason on standard error,
/// exit status 1, from a signal handler (``ProcessDeadlines``), as login(1) ends at `LOGIN_TIMEOUT` while PAM still
/// works. A sign-in that cannot go on (the system gives it no thread, or no memory) then never waits for ever, nor
/// ends silently. The deadline covers the check only, not the delay after a failure.
struct SignInDeadline: Authenticator {
    /// The authenticator that decides.
    let base: any Authenticator
    /// Sets and cancels the process's deadline.
    let deadlines: ProcessDeadlines
    /// How long an attempt may take.
    let timeout: Duration
    /// What the screen shows then, as the console prints an alert.
    let output: String
    /// What standard error says then.
    let errors: String

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        await deadlines.set(timeout, output, errors, 1)
        let result: Result<User, AuthenticationError>
        do throws(AuthenticationError) {
            result = .success(try await base.authenticate(username: username, password: password))
        } catch {
            result = .failure(error)
        }
        await deadlines.cancel()
        return try result.get()
    }
}

/// A check that never answers: a test hook of debug builds (`PUREMVVM_TEST_STALL_SIGN_IN=1`), as a sign-in that
/// cannot go on, waiting for a thread the system does not give.
struct StalledAuthenticator: Authenticator {
    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        throw .unavailable
    }
}
