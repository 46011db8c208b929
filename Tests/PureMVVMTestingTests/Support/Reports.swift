import PureMVVMTesting
import XCTest

/// Helpers for asserting what the testing module reported.
extension Array where Element == TestFailure {
    var failures: [TestFailure] { filter { $0.severity == .failure } }
    var notes: [TestFailure] { filter { $0.severity == .note } }
    var messages: [String] { map(\.message) }
}

/// Fails unless there is exactly one failure, which contains every fragment and ends with a "To fix:" line.
func assertOneFailure(
    _ reports: [TestFailure],
    containing fragments: String...,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let failures = reports.failures
    guard failures.count == 1, let message = failures.first?.message else {
        XCTFail("expected one failure, got \(failures.count): \(failures.messages)", file: file, line: line)
        return
    }
    for fragment in fragments where !message.contains(fragment) {
        XCTFail("the failure does not contain \(fragment.debugDescription):\n\(message)", file: file, line: line)
    }
    assertEndsWithToFix(message, file: file, line: line)
}

func assertEndsWithToFix(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
    let last = message.split(separator: "\n").last ?? ""
    XCTAssertTrue(last.hasPrefix("To fix: "), "the last line is not a To fix line:\n\(message)", file: file, line: line)
}
