/// A failure or note the testing module reported, as captured by ``FailureReporter``.
package struct TestFailure: Sendable, CustomStringConvertible {
    /// Whether the report fails the test or only informs.
    package enum Severity: Sendable { case failure, note }

    package let message: String
    package let location: FailureLocation
    package let severity: Severity

    package var description: String {
        "\(location.fileID):\(location.line): \(severity == .failure ? "failure" : "note"): \(message)"
    }
}
