/// Why a sign-up failed.
public enum SignupError: Error, Hashable, Sendable {
    /// The email already has an account; the sign-up screen shows it on the email field.
    case emailTaken
    /// The account could not be created, for the reason given (such as "team.accounts: Permission denied");
    /// the sign-up screen shows an alert.
    case unavailable(String)
    /// The calling task was cancelled: the screen is gone, and nothing is shown.
    case cancelled
}
