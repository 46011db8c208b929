/// Why a sign-in did not succeed.
public enum AuthenticationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The username is unknown or the password is wrong; the two are deliberately not told apart.
    case invalidCredentials
    /// Too many failed attempts; sign-in is refused for now.
    case lockedOut
    /// The account store or service could not be reached or read.
    case unavailable
    /// The credentials are right, but the account may not sign in now (expired, locked, outside its hours), with
    /// the account service's reason, such as PAM's.
    case accountRefused(reason: String)
    /// The credentials are right, but the password has expired or was reset and must be changed before the user
    /// may sign in (PAM's `PAM_NEW_AUTHTOK_REQD`), with the account service's reason, such as pam_unix's "You are
    /// required to change your password immediately (password expired)".
    case passwordChangeRequired(reason: String)
    /// The attempt was abandoned before it finished, for example because its screen closed.
    case cancelled

    /// A sentence for logs and diagnostics; the login screen words its own alerts.
    public var description: String {
        switch self {
        case .invalidCredentials: "wrong username or password"
        case .lockedOut: "too many failed attempts"
        case .unavailable: "the account service is unavailable"
        case .accountRefused(let reason): "the account may not sign in: \(reason)"
        case .passwordChangeRequired(let reason): "the password must be changed first: \(reason)"
        case .cancelled: "the sign-in was cancelled"
        }
    }
}
