/// Why the orders screen stopped asking for commands.
enum OrdersEnd: Equatable {
    /// The user typed `back`: the home screen comes back.
    case back
    /// The user typed `quit`.
    case quit
    /// The input ended (Ctrl-D, the end of a pipe).
    case endOfInput
}
