public import PureMVVM

/// The words of the login screen's alerts, shared by every way of writing the screen so they all say the same.
///
/// An unknown user and a wrong password get the same alert: telling them apart would tell an attacker which names
/// exist.
public enum LoginAlerts {
    /// The alert for a failed sign-in.
    ///
    /// - Parameter error: Why the sign-in failed.
    /// - Returns: The alert to show; `nil` for ``AuthenticationError/cancelled``, which the user caused and needs
    ///   no message.
    public static func alert(for error: AuthenticationError) -> Alert? {
        switch error {
        case .invalidCredentials:
            Alert(title: "Sign-in failed", message: "Wrong username or password.")
        case .lockedOut:
            Alert(title: "Sign-in failed", message: "Too many failed attempts. Try again later.")
        case .unavailable:
            Alert(title: "Sign-in unavailable", message: "The account service cannot be reached. Try again later.")
        case .accountRefused(let reason):
            Alert(title: "Sign-in refused", message: reason)
        case .cancelled:
            nil
        }
    }

    /// The alert for a message the account service gave while signing in (see ``User/messages``).
    ///
    /// - Parameter message: The message, as the service wrote it; the view sanitises it, as all alert text.
    /// - Returns: A "Notice" for information, a "Warning" for an error message.
    public static func alert(for message: AccountServiceMessage) -> Alert {
        switch message.kind {
        case .info: Alert(title: "Notice", message: message.text)
        case .error: Alert(title: "Warning", message: message.text)
        }
    }

    /// The alert for the failure that used up the last attempt (see ``LoginFailurePolicy``): the session ends.
    public static let noAttemptsLeft = Alert(
        title: "Sign-in failed",
        message: "Wrong username or password. No attempts left."
    )
}
