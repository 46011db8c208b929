/// Runs `body` and expects a check of `PureMVVMTesting` to fail in it with a message that contains `text`: how a test
/// proves that a check catches a bug, on every platform (swift-corelibs-xctest has no `XCTExpectFailure`).
///
/// ```swift
/// func testTheTesterCatchesAForgottenReload() async {
///     await expectFailure(containing: "without a reload") {
///         let tester = ViewModelTester(
///             ForgetfulViewModel(), spy: CounterSpy())
///         tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
///     }
/// }
/// ```
///
/// What it captures: the failures the module's own checks report while `body` runs, the tester's (its inputs and
/// receives, and its end when the tester is freed in the body), the contract explorer's, the leak tracker's when it
/// verifies in the body, unfinished work, and golden files. Every failure that contains `text` is the one expected
/// and fails nothing (an empty `text` matches any failure). The others are reported as the failures they are, where
/// they were found, so that expecting one bug never hides another; notes are passed on as notes. When no failure
/// contains `text`, the test fails here, saying so.
///
/// What it does not capture: `XCTAssert…` and `XCTFail`, which XCTest records directly on the test case, with no
/// hook a library can use on every platform, and a check that reports after `body` has returned, such as
/// `trackForLeaks(_:)` of a test case, which verifies at teardown; such a failure is reported as usual. To prove
/// that a suite catches a planted bug without a child process, assert through the tester what the bug changes:
/// outputs and delegate calls, calls to a ``CallRecorder`` (an analytics event too many fails at the tester's end),
/// changes of a shared state. An error `body` throws is thrown on, once the failures were checked. Under Swift
/// Testing the same function works, and `withKnownIssue` is the framework's own way, which also takes `#expect`.
///
/// - Parameters:
///   - text: A part of the message of the failure expected, such as `"without a reload"`.
///   - isolation: Where the caller runs; `body` runs there too.
///   - fileID: The call site, where a missing failure is reported.
///   - filePath: The call site.
///   - line: The call site.
///   - column: The call site.
///   - body: The code that should make a check fail.
/// - Throws: What `body` throws.
public func expectFailure<Failure: Error>(
    containing text: String,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws(Failure) -> Void
) async throws(Failure) {
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let outer = FailureReporter.sink
    let sink = FailureSink()
    var thrown: Failure?
    await FailureReporter.$sink.withValue(sink) {
        do throws(Failure) {
            try await body()
        } catch {
            thrown = error
        }
    }
    sink.close(forwardingTo: outer)
    ExpectedFailure(text: text, location: location).settle(sink.reports)
    if let thrown { throw thrown }
}

/// The failure an ``expectFailure(containing:isolation:fileID:filePath:line:column:_:)`` waits for, and what becomes
/// of the reports its body made.
struct ExpectedFailure {
    /// A part of the expected failure's message.
    let text: String
    /// Where the expectation was written.
    let location: FailureLocation

    /// Whether a report is the failure expected.
    func matches(_ report: TestFailure) -> Bool {
        report.severity == .failure && (text.isEmpty || report.message.contains(text))
    }

    /// Reports again every report that is not the failure expected, as it was (a failure or a note, at its own
    /// location); then fails when none was.
    ///
    /// - Parameter reports: What the body reported, in order.
    func settle(_ reports: [TestFailure]) {
        var found = false
        for report in reports {
            if matches(report) {
                found = true
            } else {
                FailureReporter.report(report)
            }
        }
        guard !found else { return }
        let others = reports.count { $0.severity == .failure }
        let seen =
            others == 0
            ? "no check of PureMVVMTesting failed in its body"
            : "the \(others) failure\(others == 1 ? "" : "s") its body reported, each reported on its own, "
                + "\(others == 1 ? "does" : "do") not contain it"
        FailureReporter.fail(
            """
            expectFailure(containing:) expected a failure containing \(String(reflecting: text)), but \(seen).
            To fix: make the body break what the check catches, or expect a part of the failure's message as it is \
            written (XCTAssert and XCTFail fail the test directly and are never captured).
            """,
            at: location)
    }
}
