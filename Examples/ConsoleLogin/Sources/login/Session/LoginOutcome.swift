internal import LoginFeature

/// How a login screen ended.
enum LoginOutcome: Equatable {
    /// The user signed in; the home screen comes next.
    case signedIn(User)
    /// The failure policy's last attempt failed.
    case lockedOut
    /// The account service refused the account (expired or locked); asking again could not succeed.
    case refused
    /// A prompt waited longer than `--timeout` for an answer.
    case timedOut
}
