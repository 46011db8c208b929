import ConsoleView
import Crypt
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// The whole program in memory on a manual clock: after each wrong password it waits 1, 2, then 4 seconds
/// before it answers, and the third failure ends the session with exit status 1. No real time passes: the test
/// sees each delay start, checks that nothing was answered yet, and moves the clock.
@MainActor
final class FailureDelayTests: GuardedTestCase {
    func testThreeWrongPasswordsWaitOneTwoAndFourSecondsThenEndTheSessionWithExit1() async throws {
        let terminal = ScriptedTerminal(typing: [
            .line("dimsky"), .line("wrong-1"), .line("dimsky"), .line("wrong-2"), .line("dimsky"), .line("wrong-3"),
            .line("dimsky"),
        ])
        let clock = ManualClock()
        let environment = LoginEnvironment(
            output: terminal, errors: terminal, lines: terminal, style: .plain, canReadHiddenInput: { true },
            readStandardInput: { _ in .bytes([]) },
            makeHasher: { method throws(PasswordHashingError) in try RememberingHasher.crypt(method) }, clock: clock)
        let program = LoginProgram(environment: environment)
        let run = Task { await program.run(arguments: []) }

        let failed = "! Sign-in failed: Wrong username or password."
        for (attempt, seconds) in [(1, 1), (2, 2), (3, 4)] {
            let delay = try await clock.nextSleep()
            XCTAssertEqual(delay, .seconds(seconds), "attempt \(attempt)")
            XCTAssertEqual(
                terminal.output.components(separatedBy: failed).count - 1, attempt - 1,
                "attempt \(attempt) is not answered before its delay has passed")
            XCTAssertTrue(terminal.output.hasSuffix("Signing in…\n"), "attempt \(attempt): still signing in")
            await clock.advance(by: delay)
        }
        let status = try await run.value(awaiting: "the session to end after the third failure")

        XCTAssertEqual(status, .notSignedIn)
        XCTAssertEqual(status.rawValue, 1)
        XCTAssertEqual(clock.requestedDelays, [.seconds(1), .seconds(2), .seconds(4)])
        XCTAssertTrue(terminal.output.hasSuffix("\(failed) No attempts left.\n"), terminal.output)
        XCTAssertEqual(terminal.output.components(separatedBy: "Username: ").count - 1, 3, "no fourth attempt")
    }
}
