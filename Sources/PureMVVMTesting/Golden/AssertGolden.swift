package import Foundation

/// The environment variable that asks ``assertGolden(_:matches:fileID:filePath:line:column:)`` to record.
public let goldenRecordingVariable = "PUREMVVM_RECORD"

/// Asserts that a text equals a golden file under `Fixtures/`: a delegate call log, a console transcript.
///
/// A mismatch fails with a unified line diff (`-` the file, `+` the text), control characters shown as
/// `\u{1B}`. A missing file fails. To create or update golden files, run the tests with `PUREMVVM_RECORD=1`:
/// each mismatching or missing file is written and the test fails once, saying so; run again to check. Recording
/// never happens when the `CI` environment variable is set.
///
/// ```swift
/// assertGolden(tester.log, matches: "logs/login-success.txt")
/// ```
///
/// - Parameters:
///   - text: The text the test produced.
///   - path: The golden file's path below `Fixtures/`.
///   - fileID: The call site, for failures.
///   - filePath: The calling test's source file: where `Fixtures/` is searched from, and the call site.
///   - line: The call site, for failures.
///   - column: The call site, for failures.
public func assertGolden(
    _ text: String,
    matches path: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let root: URL
    do {
        root = try FixtureFolder.root(from: "\(filePath)")
    } catch {
        FailureReporter.fail("\(error)", at: location)
        return
    }
    let environment = ProcessInfo.processInfo.environment
    GoldenFile(path: path, root: root, location: location).check(
        text,
        recording: !(environment[goldenRecordingVariable] ?? "").isEmpty,
        onCI: !(environment["CI"] ?? "").isEmpty
    )
}

/// One golden file and the rules for checking and recording it.
package struct GoldenFile {
    package let path: String
    package let root: URL
    package let location: FailureLocation

    package init(path: String, root: URL, location: FailureLocation) {
        self.path = path
        self.root = root
        self.location = location
    }

    package func check(_ text: String, recording: Bool, onCI: Bool) {
        let url = root.appendingPathComponent(path)
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if stored == text { return }

        if recording && onCI {
            FailureReporter.fail(
                """
                Not recording Fixtures/\(path): \(goldenRecordingVariable) is set, but so is CI.
                To fix: record on your machine and commit the file.
                """,
                at: location
            )
            return
        }
        if recording {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(),
                    withIntermediateDirectories: true
                )
                try Data(text.utf8).write(to: url, options: .atomic)
                FailureReporter.fail(
                    """
                    Recorded Fixtures/\(path) (\(stored == nil ? "new file" : "it differed")).
                    To fix: review the file, then run again without \(goldenRecordingVariable) to check it.
                    """,
                    at: location
                )
            } catch {
                FailureReporter.fail("Could not record Fixtures/\(path): \(error)", at: location)
            }
            return
        }
        guard let stored else {
            FailureReporter.fail(
                """
                No golden file at Fixtures/\(path).
                To fix: run the test with \(goldenRecordingVariable)=1 to record it, review it, and commit it.
                """,
                at: location
            )
            return
        }
        let diff =
            LineDiff.unified(expected: stored, actual: text, expectedName: "Fixtures/\(path)", actualName: "actual")
            ?? ""
        FailureReporter.fail(
            """
            The text does not match Fixtures/\(path):
            \(diff)
            To fix: if the new text is right, run with \(goldenRecordingVariable)=1 to re-record, then review the \
            file's diff before committing.
            """,
            at: location
        )
    }
}
