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

    /// Sends a report to the sink installed, if any, else to the test framework.
    static func report(_ report: TestFailure) {
        if let sink {
            sink.append(report)
            return
        }
        deliver(report)
    }

    /// Sends a report to the test framework that is running, past any sink.
    fileprivate static func deliver(_ report: TestFailure) {
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
    /// Where reports go once the sink is closed: another sink, or the test framework.
    private enum Forwarding {
        case collect
        case sink(FailureSink)
        case framework
    }

    private let lock = PlatformLock()
    private var stored: [TestFailure] = []
    private var forwarding = Forwarding.collect

    /// Creates an empty sink; install it with `FailureReporter.$sink.withValue(_:operation:)`.
    package init() {}

    package var reports: [TestFailure] { lock.locked { stored } }

    /// How many of the reports are failures.
    var failureCount: Int { lock.locked { stored.count { $0.severity == .failure } } }

    func append(_ report: TestFailure) {
        let forwarding: Forwarding = lock.locked {
            if case .collect = self.forwarding { stored.append(report) }
            return self.forwarding
        }
        switch forwarding {
        case .collect: break
        case .sink(let outer): outer.append(report)
        case .framework: FailureReporter.deliver(report)
        }
    }

    /// Stops collecting: a report that arrives later (from a check made in the body that reports after it, such as
    /// a leak tracked there and verified at teardown) goes on to `outer`, or to the test framework when it is `nil`,
    /// never lost.
    ///
    /// - Parameter outer: The sink installed where this one was, if any.
    func close(forwardingTo outer: FailureSink?) {
        lock.locked { forwarding = outer.map(Forwarding.sink) ?? .framework }
    }
}
