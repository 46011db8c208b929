/// Creates accounts: the sign-up screen depends on this protocol only, so tests use a fake they answer by hand
/// and the console writes to an account file.
///
/// ```swift
/// struct InMemorySignup: SignupService {
///     let taken: Set<String>
///     func signUp(email: String, password: String) async throws(SignupError) -> User {
///         guard !taken.contains(email) else { throw .emailTaken }
///         return User(name: email)
///     }
/// }
/// ```
public protocol SignupService: Sendable {
    /// Creates an account, unless one exists for the email.
    ///
    /// - Parameters:
    ///   - email: The email address, as the sign-up form's rules passed it (trimmed); it becomes the account name.
    ///   - password: The password; implementations must not keep, log or print it.
    /// - Returns: The user the account was created for.
    /// - Throws: ``SignupError/emailTaken`` when the email already has an account (nothing is changed),
    ///   ``SignupError/unavailable(_:)`` when the account could not be written, ``SignupError/cancelled`` when
    ///   the calling task was cancelled.
    func signUp(email: String, password: String) async throws(SignupError) -> User
}
