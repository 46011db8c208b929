import ConsoleView
import TestSupport
import XCTest

/// A standard input that cannot be read is an error, both as the read's answer and in the errors the terminal keeps
/// for a program's end report (``SystemTerminal/streamErrors``). Run in a child process, whose standard input is a
/// folder: reading it fails with EISDIR.
final class StandardInputReadErrorTests: GuardedTestCase {
    func testReadingStandardInputToItsEndFromAFolderIsUnreadableAndKept() throws {
        let outcome = try TestProbe.run(
            "read-standard-input-to-end", environment: ["LC_ALL": "C"], standardInput: "/")
        XCTAssertEqual(outcome.exitStatus, 0, outcome.errors)
        XCTAssertEqual(
            outcome.output,
            """
            TestProbe: unreadable(cannot read standard input: Is a directory)
            TestProbe: stream errors ["cannot read standard input: Is a directory"]
            TestProbe: read-standard-input-to-end ended normally

            """)
    }
}
