import ConsoleView
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// Issue 40, F3: a sign-in's check and a prompt's read each run under the process's deadline
/// (``ProcessDeadlines``), set before and cancelled after, so a wait no thread can end still ends; the end-to-end
/// tests (`ResourceLimitsEndToEndTests`) show what the deadline does when it passes.
@MainActor
final class ProcessDeadlineTests: GuardedTestCase {
    /// The calls to a deadline.
    @MainActor
    private final class Recorder {
        var calls: [String] = []

        var deadlines: ProcessDeadlines {
            ProcessDeadlines(
                set: { [self] after, output, errors, status in
                    calls.append("set \(after) \(output.debugDescription) \(errors.debugDescription) \(status)")
                },
                cancel: { [self] in calls.append("cancel") })
        }
    }

    private struct Answering: Authenticator {
        let result: Result<User, AuthenticationError>
        func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
            try result.get()
        }
    }

    func testASignInIsCheckedUnderTheDeadlineAndItIsCancelledAfterwardsWhateverTheAnswer() async throws {
        for result: Result<User, AuthenticationError> in [.success(User(name: "dimsky")), .failure(.unavailable)] {
            let recorder = Recorder()
            let deadline = SignInDeadline(
                base: Answering(result: result), deadlines: recorder.deadlines, timeout: .milliseconds(500),
                output: "! Sign-in unavailable\n", errors: "login: ended\n")
            let answer: Result<User, AuthenticationError>
            do throws(AuthenticationError) {
                answer = .success(try await deadline.authenticate(username: "dimsky", password: "balabala"))
            } catch {
                answer = .failure(error)
            }
            XCTAssertEqual(answer, result)
            XCTAssertEqual(
                recorder.calls, ["set 0.5 seconds \"! Sign-in unavailable\\n\" \"login: ended\\n\" 1", "cancel"])
        }
    }

    func testAPromptIsReadUnderTheDeadlineAQuarterOfASecondPastItsTimeoutAndNoneWithout() async throws {
        let recorder = Recorder()
        let terminal = ScriptedTerminal(typing: [.line("dimsky"), .line("balabala")])
        let lines = DeadlineLines(base: terminal, deadlines: recorder.deadlines)
        lines.timedOut = { "login: timed out after \($0)\n" }
        lines.timeout = .seconds(2)
        let first = await lines.readLine(prompt: "Username: ", hidden: false)
        XCTAssertEqual(first, .line("dimsky"))
        XCTAssertEqual(recorder.calls, ["set 2.25 seconds \"\" \"login: timed out after 2.0 seconds\\n\" 1", "cancel"])
        lines.timeout = nil
        let second = await lines.readLine(prompt: "Password: ", hidden: true)
        XCTAssertEqual(second, .line("balabala"))
        XCTAssertEqual(recorder.calls.count, 2, "no timeout, no deadline")
    }
}
