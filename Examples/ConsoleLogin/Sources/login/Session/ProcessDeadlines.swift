/// The process's deadline (``SystemTerminal/setDeadline(after:output:errors:status:)``), as closures, so the
/// program's environment can have none (tests run the program in memory).
struct ProcessDeadlines {
    /// Ends the process after a duration, writing a text to standard output and one to standard error, with an
    /// exit status, unless ``cancel`` comes first.
    let set: @MainActor (_ after: Duration, _ output: String, _ errors: String, _ status: Int32) -> Void
    /// Cancels the deadline.
    let cancel: @MainActor () -> Void
}
