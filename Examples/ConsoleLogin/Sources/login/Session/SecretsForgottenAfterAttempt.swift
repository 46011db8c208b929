internal import LoginFeature

/// An authenticator that forgets the secrets typed at the terminal once an attempt fails (``SecretLines``): wrong,
/// unavailable, refused or cancelled, the password's bytes are overwritten before the screen hears how the attempt
/// went, and every pattern then forgets the password and asks for it again. After a success the screen may still
/// look at the field (VIPER's presenter checks it again as the sign-in ends), so the program forgets the secrets
/// when the screen's form ends, right after, before the home screen.
struct SecretsForgottenAfterAttempt: Authenticator {
    /// The authenticator that decides.
    let base: any Authenticator
    /// Overwrites the secrets kept.
    let forget: @MainActor @Sendable () -> Void

    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        let result: Result<User, AuthenticationError>
        do throws(AuthenticationError) {
            result = .success(try await base.authenticate(username: username, password: password))
        } catch {
            result = .failure(error)
        }
        if case .failure = result { await forget() }
        return try result.get()
    }
}
