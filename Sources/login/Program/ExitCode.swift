/// `login`'s exit statuses, as `login --help` documents them.
enum ExitCode: Int32, Equatable {
    /// Signed in; or `add-user` done; or help printed.
    case success = 0
    /// Not signed in: wrong credentials (in a script), no attempts left, `:quit`, or end of input. For `add-user`:
    /// cancelled at a password prompt.
    case notSignedIn = 1
    /// A usage error, an unusable account file, name or password, or no terminal to ask for the password.
    case usage = 2
    /// Interrupted by Ctrl-C (SIGINT). The terminal's signal handler exits with it directly.
    case interrupted = 130
}
