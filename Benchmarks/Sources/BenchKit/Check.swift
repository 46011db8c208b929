/// A check of the workloads themselves, run by `bench quick` (and so by CI) and before a report measures anything:
/// for example, that every diff a row measures gives the right rows on random cases. A failed check fails the run.
public struct Check: Sendable {
    /// What is checked, in a few words, for the run's output.
    public let name: String
    /// Runs the check.
    public let run: @Sendable () -> CheckResult

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - name: What is checked, in a few words.
    ///   - run: Runs the check: what it covered, or what went wrong.
    public init(_ name: String, run: @escaping @Sendable () -> CheckResult) {
        self.name = name
        self.run = run
    }
}

/// What a ``Check`` found.
public enum CheckResult: Sendable, Equatable {
    /// Everything held; the text says what was covered, such as "2,000 random cases".
    case passed(String)
    /// Something went wrong; the text says what, with the case that shows it.
    case failed(String)
}
