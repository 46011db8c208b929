/// Why the home screen stopped asking for commands.
enum HomeEnd: Equatable {
    /// The user logged out: the login screen comes back.
    case loggedOut
    /// The user typed `quit`.
    case quit
    /// The input ended (Ctrl-D, the end of a pipe).
    case endOfInput
}
