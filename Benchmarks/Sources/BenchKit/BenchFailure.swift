/// A benchmark that did not do what it must: a wrong checksum or render count, or a child that failed.
public struct BenchFailure: Error, CustomStringConvertible {
    /// What went wrong, for the terminal.
    public var description: String

    /// Creates a failure.
    ///
    /// - Parameter description: What went wrong.
    public init(_ description: String) {
        self.description = description
    }
}
