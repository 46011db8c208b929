import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVMTesting

/// `expectFailure(containing:)`: the failures of the module's checks inside its body are captured; one that contains
/// the text is expected, the others are reported as they are, and none fails the test.
@MainActor
final class ExpectFailureTests: GuardedTestCase {
    private struct Thrown: Error, Equatable {}

    private let here = FailureLocation(fileID: #fileID, filePath: #filePath, line: 1, column: 1)

    func testAFailureThatContainsTheTextIsExpected() async {
        let reports = await FailureReporter.capture {
            await expectFailure(containing: "without a reload") {
                let tester = ViewModelTester(ForgetfulViewModel(), spy: CounterSpy())
                tester.send({ $0.incrementButtonDidTap() }) { $0.count = 1 }
            }
        }
        XCTAssertEqual(reports.messages, [])
    }

    /// The tester made in the body ends in it: what it finds then is captured too.
    func testTheEndOfATesterMadeInTheBodyIsCaptured() async {
        let reports = await FailureReporter.capture {
            await expectFailure(containing: "1 delegate call was not asserted by the end of the test") {
                let tester = ViewModelTester(CounterViewModel(), spy: CounterSpy())
                for count in 1...3 {
                    tester.send({ $0.incrementButtonDidTap() }) {
                        $0.count = count
                        $0.title = "Count: \(count)"
                    }
                }  // the alert at three is never received
            }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testABodyInWhichNothingFailsFailsAtTheCall() async {
        var line: UInt = 0
        let reports = await FailureReporter.capture {
            line = #line + 1
            await expectFailure(containing: "a note") {
                FailureReporter.note("only a note", at: here)
            }
        }
        assertOneFailure(
            reports,
            containing: "expectFailure(containing:) expected a failure containing \"a note\", but no check of "
                + "PureMVVMTesting failed in its body.",
            "To fix: make the body break what the check catches")
        XCTAssertEqual(reports.failures.first?.location.line, line, "reported where the expectation is written")
        XCTAssertEqual(reports.notes.messages, ["only a note"], "a note passes through")
    }

    /// Expecting one bug never hides another: a failure that does not contain the text is reported as it was.
    func testFailuresThatDoNotContainTheTextAreReportedAsTheyWere() async {
        let reports = await FailureReporter.capture {
            await expectFailure(containing: "second") {
                FailureReporter.fail("the first bug", at: here)
                FailureReporter.note("a note", at: here)
                FailureReporter.fail("the second bug", at: here)
                FailureReporter.fail("the second bug, again", at: here)
            }
        }
        XCTAssertEqual(
            reports.map(\.description),
            [
                "PureMVVMTestingTests/ExpectFailureTests.swift:1: failure: the first bug",
                "PureMVVMTestingTests/ExpectFailureTests.swift:1: note: a note",
            ])
    }

    func testWhenNoFailureContainsTheTextEachIsReportedAndTheExpectationFails() async {
        let reports = await FailureReporter.capture {
            await expectFailure(containing: "the third bug") {
                FailureReporter.fail("the first bug", at: here)
                FailureReporter.fail("the second bug", at: here)
            }
        }
        XCTAssertEqual(reports.failures.count, 3, "\(reports.messages)")
        XCTAssertEqual(Array(reports.messages.prefix(2)), ["the first bug", "the second bug"])
        XCTAssertTrue(
            reports.messages.last?.hasPrefix(
                "expectFailure(containing:) expected a failure containing \"the third bug\", but the 2 failures its "
                    + "body reported, each reported on its own, do not contain it.") == true,
            "\(reports.messages)")
    }

    func testAnEmptyTextExpectsAnyFailure() async {
        let reports = await FailureReporter.capture {
            await expectFailure(containing: "") { FailureReporter.fail("any bug", at: here) }
        }
        XCTAssertEqual(reports.messages, [])
    }

    func testAThrownErrorIsThrownOnOnceTheFailuresAreChecked() async {
        var caught: Thrown?
        let reports = await FailureReporter.capture {
            do throws(Thrown) {
                try await expectFailure(containing: "the bug") { () throws(Thrown) in
                    FailureReporter.fail("the bug", at: here)
                    FailureReporter.fail("another bug", at: here)
                    throw Thrown()
                }
            } catch {
                caught = error
            }
        }
        XCTAssertEqual(caught, Thrown())
        XCTAssertEqual(reports.messages, ["another bug"])
    }

    /// A check made in the body that reports once the body has returned (a leak verified at teardown) is reported
    /// where the test's failures go, never lost in the expectation's capture.
    func testAFailureReportedAfterTheBodyReturnedGoesWhereTheTestsFailuresGo() async {
        var bodySink: FailureSink?
        let reports = await FailureReporter.capture {
            await expectFailure(containing: "the bug") {
                bodySink = FailureReporter.sink
                FailureReporter.fail("the bug", at: here)
            }
            XCTAssertNotNil(bodySink)
            FailureReporter.$sink.withValue(bodySink) {
                FailureReporter.fail("a leak found at teardown", at: here)
            }
        }
        XCTAssertEqual(reports.messages, ["a leak found at teardown"])
    }
}
