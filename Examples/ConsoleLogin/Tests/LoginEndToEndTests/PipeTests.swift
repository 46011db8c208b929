import Foundation
import TestSupport
import XCTest

/// `login` run through pipes with no controlling terminal, as a script or CI runs it: every case in
/// Fixtures/end-to-end is compared with its stored output, no output ever holds an escape sequence, and a case
/// that waits a real failure delay takes at least that long (`script-wrong-password.case`: the suite's proof that
/// the real binary waits on the real clock).
final class PipeTests: GuardedTestCase {
    func testEveryStoredCase() throws {
        let login = try LoginBinary.path()
        let folder = Paths.fixtures.appendingPathComponent("end-to-end")
        // `{Fixtures}` is a copy of the account files: signing in writes a failure tally beside the file.
        let fixtures = try Paths.temporaryFolder(for: self)
        try FileManager.default.copyItem(
            at: Paths.fixtures.appendingPathComponent("accounts"), to: fixtures.appendingPathComponent("accounts"))
        let cases = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "case" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { try PipeCase(contentsOf: $0, fixtures: fixtures) }
        XCTAssertGreaterThanOrEqual(cases.count, 8, "cases went missing")
        // A colour-capable TERM and no NO_COLOR: only the missing terminal keeps the output plain. LANG=C.UTF-8
        // (Spawn's), so the English cases do not depend on the runner's locale; a case adds its own variables.
        let environment = Spawn.environment(["TERM": "xterm-256color"])
        // Every case runs at once (each is its own process, most of its time in crypt(3)); the checks follow.
        let runs = concurrently(cases) { stored in
            let start = ContinuousClock.now
            let result = Result {
                try PipedProcess.run(
                    login, stored.arguments, input: stored.input,
                    environment: environment.merging(stored.environment) { $1 })
            }
            return (result, ContinuousClock.now - start)
        }
        for (stored, (run, took)) in zip(cases, runs) {
            let result = try run.get()
            XCTAssertGreaterThanOrEqual(took, stored.minimumDuration, "\(stored.name): answered before its delay")
            XCTAssertFalse(result.standardOutput.contains(0x1B), "\(stored.name): an escape sequence on a pipe")
            XCTAssertFalse(result.standardError.contains(0x1B), "\(stored.name): an escape sequence on a pipe")
            for stream in [result.standardOutput, result.standardError] where !stream.isEmpty {
                XCTAssertEqual(stream.last, 10, "\(stored.name): output ends with a newline")
            }
            let matches =
                result.status == .exited(stored.exitStatus) && stored.shown(result.output) == stored.standardOutput
                && stored.shown(result.errors) == stored.standardError
            if matches { continue }
            if ProcessInfo.processInfo.environment["PUREMVVM_RECORD"] == "1" {
                guard ProcessInfo.processInfo.environment["CI"] == nil else {
                    XCTFail("\(stored.name): recording is refused when CI is set")
                    continue
                }
                try stored.recorded(result).write(to: stored.file, atomically: true, encoding: .utf8)
                XCTFail("\(stored.name): recorded; review the diff, then run again without PUREMVVM_RECORD")
                continue
            }
            XCTAssertEqual(result.status, .exited(stored.exitStatus), "\(stored.name): exit status")
            XCTAssertEqual(stored.shown(result.output), stored.standardOutput, "\(stored.name): standard output")
            XCTAssertEqual(stored.shown(result.errors), stored.standardError, "\(stored.name): standard error")
        }
    }
}
