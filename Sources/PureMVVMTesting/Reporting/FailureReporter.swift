internal import Foundation
import PureMVVM
internal import Testing
internal import XCTest

/// Sends the module's failures to the test framework that is running: Swift Testing's `Issue.record` inside a
/// `@Test`, `XCTFail` otherwise. The module's own tests capture reports instead, to prove each check fails.
package enum FailureReporter {
    /// Collects reports instead of failing the running test; `nil` outside ``capture(_:)``.
    @TaskLocal package static var sink: FailureSink?

    /// Runs `body` and returns every report it made instead of failing the test.
    package static func capture(_ body: () throws -> Void) rethrows -> [TestFailure] {
        let sink = FailureSink()
        try $sink.withValue(sink) { try body() }
        return sink.reports
    }

    /// Runs `body` and returns every report it made instead of failing the test.
    package static func capture(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async rethrows -> [TestFailure] {
        let sink = FailureSink()
        try await $sink.withValue(sink) { try await body() }
        return sink.reports
    }

    /// Fails the running test.
    static func fail(_ message: String, at location: FailureLocation) {
        report(TestFailure(message: message, location: location, severity: .failure))
    }

    /// Prints an informational note that does not fail the test.
    static func note(_ message: String, at location: FailureLocation) {
        report(TestFailure(message: message, location: location, severity: .note))
    }

    private static func report(_ report: TestFailure) {
        if let sink {
            sink.append(report)
            return
        }
        switch report.severity {
        case .note:
            print("\(report.location.fileID):\(report.location.line): note: \(report.message)")
        case .failure where Test.current != nil:
            Issue.record(
                Comment(rawValue: report.message),
                sourceLocation: SourceLocation(
                    fileID: "\(report.location.fileID)",
                    filePath: "\(report.location.filePath)",
                    line: Int(report.location.line),
                    column: Int(report.location.column)
                )
            )
        case .failure:
            XCTFail(report.message, file: report.location.filePath, line: report.location.line)
        }
    }
}

/// Thread-safe storage for captured reports.
package final class FailureSink: @unchecked Sendable {
    private let lock = PlatformLock()
    private var stored: [TestFailure] = []

    /// Creates an empty sink; install it with `FailureReporter.$sink.withValue(_:operation:)`.
    package init() {}

    package var reports: [TestFailure] { lock.locked { stored } }

    /// How many of the reports are failures.
    var failureCount: Int { lock.locked { stored.count { $0.severity == .failure } } }

    func append(_ report: TestFailure) {
        lock.locked { stored.append(report) }
    }
}
