/// `login`'s exit statuses, as `login --help` documents them.
enum ExitCode: Int32, Equatable {
    /// Signed in; or `add-user` done; or help printed.
    case success = 0
    /// Not signed in: wrong credentials (in a script), no attempts left, a name the failure tally locks, `:quit`,
    /// end of input, a prompt that timed out, or a sign-in that did not finish within `--timeout`. For `add-user`:
    /// cancelled at a password prompt, or timed out.
    case notSignedIn = 1
    /// A usage error, an unusable account file, name or password, no terminal to ask for the password, or an error
    /// of the outside world: a standard stream that could not be read or written, an argument that is not UTF-8,
    /// an account file's lock held by another writer for too long, limits too low for a sign-in
    /// (``ResourceLimits``).
    case usage = 2
    /// Interrupted by Ctrl-C (SIGINT). The terminal's signal handler exits with it directly.
    case interrupted = 130
}
