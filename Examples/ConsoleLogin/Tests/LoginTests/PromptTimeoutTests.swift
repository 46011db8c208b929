import ConsoleView
import Foundation
import TestSupport
import XCTest

@testable import login

/// Issue 21, point 8: login.defs' `LOGIN_TIMEOUT`. Each prompt before signing in waits `--timeout` seconds (60 by
/// default, 0 for ever), then the program ends with exit status 1 (the real terminal restores echo first; see
/// TerminalTests). In memory, a scripted `.timeout` is the read that timed out: no time passes.
@MainActor
final class PromptTimeoutTests: GuardedTestCase {
    private let timedOut = "login: timed out after 60 seconds with no answer; nothing was changed.\n"

    func testALoginPromptThatTimesOutEndsWithExitOne() async throws {
        for script: [ScriptedTerminal.Keystrokes] in [[.timeout], [.line("dimsky"), .timeout]] {
            let harness = ProgramHarness(typing: script)
            let status = try await harness.run([])
            XCTAssertEqual(status, .notSignedIn)
            XCTAssertEqual(harness.errorOutput, timedOut)
            XCTAssertEqual(harness.promptTimeouts, [.seconds(60)], "login.defs' default")
        }
    }

    func testOneSecondIsSaidInTheSingular() async throws {
        let harness = ProgramHarness(typing: [.timeout])
        _ = try await harness.run(["--timeout", "1"])
        XCTAssertEqual(harness.errorOutput, "login: timed out after 1 second with no answer; nothing was changed.\n")
        XCTAssertEqual(["0.5", "1", "2"].map(LoginSafetyWords.secondUnit), ["seconds", "second", "seconds"])
    }

    func testTheTimeoutEndsAtSignInAndZeroMeansNone() async throws {
        let harness = ProgramHarness(typing: [.line("dimsky"), .line("balabala"), .line("quit")])
        let status = try await harness.run(["--timeout", "0.25", "--profiles", ":memory:"])
        XCTAssertEqual(status, .success, harness.errorOutput)
        XCTAssertEqual(harness.promptTimeouts, [.milliseconds(250), nil], "the home screen waits for ever")

        let none = ProgramHarness(typing: [])
        _ = try await none.run(["--timeout", "0"])
        XCTAssertEqual(none.promptTimeouts, [nil])
    }

    func testAddUsersAndSignUpsPromptsTimeOutToo() async throws {
        let folder = try Paths.temporaryFolder(for: self)
        let path = folder.appendingPathComponent("team.accounts").path
        let adder = ProgramHarness(typing: [.line("new secret"), .timeout])
        let added = try await adder.run(["add-user", "--accounts", path, "team.lead"])
        XCTAssertEqual(added, .notSignedIn)
        XCTAssertEqual(adder.errorOutput, timedOut)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing was written")

        let signup = ProgramHarness(typing: [.line("new@example.com"), .timeout])
        let signedUp = try await signup.run(["signup", "--accounts", path, "--timeout", "90"])
        XCTAssertEqual(signedUp, .notSignedIn)
        XCTAssertEqual(signup.errorOutput, "login: timed out after 90 seconds with no answer; nothing was changed.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testTheTimeoutIsSecondsWithAtMostThreeDecimals() throws {
        for (text, milliseconds) in [
            ("60", 60_000), ("0", 0), ("0.5", 500), ("1.25", 1250), ("0.001", 1), ("86400", 86_400_000),
        ] {
            guard case .signIn(let options) = try ArgumentParser.parse(["--timeout", text]) else {
                return XCTFail(text)
            }
            XCTAssertEqual(options.timeout.milliseconds, milliseconds, text)
            XCTAssertEqual(options.timeout.argument, text == "0.5" ? "0.5" : text)
        }
        for text in ["-1", "abc", "1.2345", "86401", ".5", "5.", "1e3", " 5", "0x10", "١"] {
            XCTAssertThrowsError(try ArgumentParser.parse(["--timeout=\(text)"]), text)
        }
        guard
            case .addUser(let options) = try ArgumentParser.parse([
                "add-user", "--accounts", "f", "--timeout", "5", "x",
            ])
        else { return XCTFail("add-user") }
        XCTAssertEqual(options.timeout.duration, .seconds(5))
    }
}
