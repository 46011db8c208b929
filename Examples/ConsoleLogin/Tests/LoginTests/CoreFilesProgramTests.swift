import ConsoleView
import LoginFeature
import TestSupport
import XCTest

@testable import login

/// Issue 31, point 3: `login` turns core files off for its whole process before it reads anything, and stops,
/// having read nothing, when it cannot. (The real settings are checked on the built binary by
/// `CoreFileEndToEndTests`; here the environment's switch is the harness's.)
@MainActor
final class CoreFilesProgramTests: GuardedTestCase {
    func testCoreFilesAreTurnedOffOnceBeforeTheSession() async throws {
        let harness = ProgramHarness(typing: [.line("dimsky"), .line("balabala"), .line("quit")])
        let status = try await harness.run(["--language", "en"])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(harness.coreFilesForbidden, 1)
    }

    func testWhenCoreFilesCannotBeTurnedOffNothingIsReadAndTheRunEndsWithExitTwo() async throws {
        for (language, message) in [
            (
                "en",
                "login: cannot keep passwords out of core files (prctl(PR_SET_DUMPABLE): Invalid argument); stopping "
                    + "before any is read, so none can leak.\n"
            ),
            ("zh", "login: 无法阻止核心转储文件记录密码（prctl(PR_SET_DUMPABLE): Invalid argument）；为免泄露，不读取任何密码即退出。\n"),
        ] {
            let harness = ProgramHarness(typing: [.line("dimsky"), .line("balabala")])
            harness.coreFilesProblem = "prctl(PR_SET_DUMPABLE): Invalid argument"
            harness.standardInput = Array("balabala\n".utf8)
            for arguments in [
                ["--language", language], ["--username", "dimsky", "--password-stdin", "--language", language],
            ] {
                let status = try await harness.run(arguments)
                XCTAssertEqual(status, .usage, language)
                XCTAssertEqual(harness.output, "", "no prompt, nothing read")
                XCTAssertEqual(harness.terminal.events.filter { if case .read = $0 { true } else { false } }, [])
                XCTAssertTrue(harness.errorOutput.hasSuffix(message), harness.errorOutput)
            }
        }
    }
}
