/// A command line `login` cannot run: it exits with status 2 and prints the message and a pointer to `--help`.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, such as "unknown option '--acounts'".
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
