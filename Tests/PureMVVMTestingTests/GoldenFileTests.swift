import Foundation
import TestSupport
import XCTest

@testable import PureMVVMTesting

final class GoldenFileTests: GuardedTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root)
    }

    private func check(_ text: String, recording: Bool = false, onCI: Bool = false) -> [TestFailure] {
        FailureReporter.capture {
            GoldenFile(path: "logs/a.txt", root: root, location: here()).check(text, recording: recording, onCI: onCI)
        }
    }

    private func store(_ text: String) throws {
        let url = root.appendingPathComponent("logs/a.txt")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func stored() -> String? {
        try? String(contentsOf: root.appendingPathComponent("logs/a.txt"), encoding: .utf8)
    }

    func testAMatchPasses() throws {
        try store("one\ntwo\n")
        XCTAssertEqual(check("one\ntwo\n").messages, [])
    }

    func testAMismatchFailsWithAUnifiedDiff() throws {
        try store((1...10).map { "line \($0)" }.joined(separator: "\n"))
        let actual = (1...10).map { $0 == 6 ? "line six\u{1B}[0m " : "line \($0)" }.joined(separator: "\n")
        assertOneFailure(
            check(actual),
            containing: """
                --- Fixtures/logs/a.txt
                +++ actual
                @@ -3,7 +3,7 @@
                 line 3
                 line 4
                 line 5
                -line 6
                +line six\\u{1B}[0m·
                 line 7
                 line 8
                 line 9
                """
        )
        XCTAssertEqual(stored()?.contains("line 6"), true, "a mismatch never rewrites the file")
    }

    func testAMissingFileFails() {
        assertOneFailure(check("text"), containing: "No golden file at Fixtures/logs/a.txt.", "PUREMVVM_RECORD=1")
        XCTAssertNil(stored())
    }

    func testRecordingWritesTheFileAndFailsOnce() throws {
        assertOneFailure(check("new text", recording: true), containing: "Recorded Fixtures/logs/a.txt (new file).")
        XCTAssertEqual(stored(), "new text")
        XCTAssertEqual(check("new text", recording: true).messages, [], "a match needs no recording")
    }

    func testRecordingNeverHappensOnCI() throws {
        try store("old")
        assertOneFailure(check("new", recording: true, onCI: true), containing: "but so is CI")
        XCTAssertEqual(stored(), "old")
    }

    /// The public assertion reads `PUREMVVM_RECORD` and `CI` from the environment: it records on a developer's
    /// machine, and never where CI is set. The file is a new one under this package's Fixtures, removed after.
    func testThePublicAssertionRecordsOnlyWhereCIIsNotSet() throws {
        let path = "testing/recorded-by-GoldenFileTests-\(UUID().uuidString).txt"
        let url = try FixtureFolder.url(path)
        defer { try? FileManager.default.removeItem(at: url) }

        let onCI = withEnvironment(["PUREMVVM_RECORD": "1", "CI": "true"]) {
            FailureReporter.capture { assertGolden("text", matches: path) }
        }
        assertOneFailure(onCI, containing: "Not recording Fixtures/\(path): PUREMVVM_RECORD is set, but so is CI.")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "nothing was recorded on CI")

        let checked = withEnvironment(["PUREMVVM_RECORD": nil, "CI": nil]) {
            FailureReporter.capture { assertGolden("text", matches: path) }
        }
        assertOneFailure(checked, containing: "No golden file at Fixtures/\(path).")

        let recorded = withEnvironment(["PUREMVVM_RECORD": "1", "CI": nil]) {
            FailureReporter.capture { assertGolden("text", matches: path) }
        }
        assertOneFailure(recorded, containing: "Recorded Fixtures/\(path) (new file).")
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "text")
    }

    /// Runs `body` with environment variables set (or unset, for `nil`), then puts them back.
    private func withEnvironment<Value>(_ variables: [String: String?], _ body: () -> Value) -> Value {
        let saved = variables.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (name, value) in variables {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return body()
    }

    func testFixturesAreFoundFromTheSourceFile() throws {
        let url = try FixtureFolder.url("validation/login-standard.table")
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), url.path)
        XCTAssertThrowsError(try FixtureFolder.url("x", filePath: "/nonexistent/dir/File.swift"))
    }

    func testLineDiffHunksAndEdges() {
        XCTAssertNil(LineDiff.unified(expected: "a", actual: "a", expectedName: "e", actualName: "a"))
        XCTAssertEqual(
            LineDiff.unified(expected: "", actual: "x", expectedName: "e", actualName: "a"),
            "--- e\n+++ a\n@@ -1,1 +1,1 @@\n-\n+x"
        )
        XCTAssertEqual(
            LineDiff.unified(expected: "a\nb", actual: "a\n\nb", expectedName: "e", actualName: "a"),
            "--- e\n+++ a\n@@ -1,2 +1,3 @@\n a\n+\n b", "an empty line added is a line")
        let old = (1...20).map(String.init).joined(separator: "\n")
        let new = old.replacingOccurrences(of: "2\n", with: "two\n").replacingOccurrences(of: "19", with: "nineteen")
        let diff = LineDiff.unified(expected: old, actual: new, expectedName: "e", actualName: "a") ?? ""
        XCTAssertEqual(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }.count, 2, diff)

        // A line removed before a hunk moves its start in the old text only.
        let shorter = old.replacingOccurrences(of: "\n2\n", with: "\n").replacingOccurrences(of: "15", with: "x")
        let apart = LineDiff.unified(expected: old, actual: shorter, expectedName: "e", actualName: "a") ?? ""
        let headers = apart.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }
        XCTAssertEqual(headers.last, "@@ -12,7 +11,7 @@", apart)
    }

    private func here(line: UInt = #line) -> FailureLocation {
        FailureLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1)
    }
}
