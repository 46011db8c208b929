import Foundation
import LoginFeature
import PAM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import PAM

#if canImport(Glibc)
    import Glibc
#endif

/// `PAMAuthenticator` against real Linux-PAM in this process: the services of Fixtures/pam/services, read from a
/// temporary folder through `pam_start_confdir`, with pam_wrapper's pam_matrix checking Fixtures/pam/passdb.
/// Every test also checks that each `pam_start` was followed by its `pam_end`.
final class PAMAuthenticatorTests: GuardedTestCase {
    private let welcome = AccountServiceMessage(.info, "Welcome to the \u{1B}[31mtest\u{1B}[0m machine.")

    override class func tearDown() {
        PAMFixture.removeShared()
        super.tearDown()
    }

    private func signIn(
        _ service: String, _ username: String, _ password: String, log: HandleLog = HandleLog()
    ) async throws -> Result<User, AuthenticationError> {
        let authenticator = try PAMFixture.shared().authenticator(service, events: log.record)
        return try await withTimeLimit("\(username)'s sign-in through \(service)") {
            do throws(AuthenticationError) {
                return .success(try await authenticator.authenticate(username: username, password: password))
            } catch {
                return .failure(error)
            }
        }
    }

    func testTheRightPasswordSignsInWithWhatPAMSaid() async throws {
        let log = HandleLog()
        let result = try await signIn("puremvvm-test", "dimsky", "balabala", log: log)
        XCTAssertEqual(result, .success(User(name: "dimsky", messages: [welcome])), "raw here: the view sanitises")
        XCTAssertEqual(log.events, [.started, .ended])
    }

    func testShortSystemNamesSignIn() async throws {
        let result = try await signIn("puremvvm-test", "bob", "builder")
        XCTAssertEqual(result, .success(User(name: "bob", messages: [welcome])))
    }

    func testAWrongPasswordAndAnUnknownUserFailAlikeAndPAMsMessagesAreDropped() async throws {
        for (username, password) in [("dimsky", "wrong-password"), ("nobody", "balabala"), ("retired", "wrong")] {
            let log = HandleLog()
            let result = try await signIn("puremvvm-test", username, password, log: log)
            XCTAssertEqual(result, .failure(.invalidCredentials), username)
            XCTAssertEqual(log.events, [.started, .ended], username)
        }
    }

    func testAPasswordOrNameWithNULIsRefusedWithoutAskingPAM() async throws {
        for (username, password) in [("dimsky", "balabala\u{0}tail"), ("dim\u{0}sky", "balabala"), ("", "balabala")] {
            let log = HandleLog()
            let result = try await signIn("puremvvm-test", username, password, log: log)
            XCTAssertEqual(result, .failure(.invalidCredentials), username.debugDescription)
            XCTAssertEqual(log.events, [], "no transaction")
        }
    }

    func testAnAccountThatAccountManagementRefusesGetsPAMsReason() async throws {
        let log = HandleLog()
        let result = try await signIn("puremvvm-test", "retired", "balabala", log: log)
        XCTAssertEqual(result, .failure(.accountRefused(reason: "Permission denied")))
        XCTAssertEqual(log.events, [.started, .ended])
    }

    func testAPasswordThatMustBeChangedIsItsOwnErrorWithWhatPAMSaidOrElsePAMsDescription() async throws {
        let log = HandleLog()
        let result = try await signIn("puremvvm-expired", "dimsky", "balabala", log: log)
        XCTAssertEqual(
            result,
            .failure(
                .passwordChangeRequired(
                    reason: "You are required to change your password immediately (password expired)")))
        XCTAssertEqual(log.events, [.started, .ended])
        let silent = try await signIn("puremvvm-expired-silent", "dimsky", "balabala")
        XCTAssertEqual(
            silent,
            .failure(.passwordChangeRequired(reason: "Authentication token is no longer valid; new one required")))
        let wrong = try await signIn("puremvvm-expired", "dimsky", "wrong-password")
        XCTAssertEqual(wrong, .failure(.invalidCredentials), "only after the password was accepted")
    }

    func testARefusalsReasonIsWhatPAMSaidErrorsFirstOrElseItsDescription() {
        let said = [
            AccountServiceMessage(.info, "Your account has expired."), AccountServiceMessage(.error, "Ask IT."),
            AccountServiceMessage(.info, "  "),
        ]
        XCTAssertEqual(
            PAMMessages.refusalReason(messages: said, description: "Permission denied"),
            "Ask IT. Your account has expired.")
        XCTAssertEqual(PAMMessages.refusalReason(messages: [], description: "Permission denied"), "Permission denied")
    }

    func testMessagesAreKeptUpToTheirLimitInLines() {
        var messages = PAMMessages()
        messages.append(.info, (1...70).map { "line \($0)" }.joined(separator: "\n") + "\n \n")
        messages.append(.error, "one more")
        XCTAssertEqual(messages.all.count, PAMMessages.maximumCount, "64 lines, then no more")
        XCTAssertEqual(messages.all.last, AccountServiceMessage(.info, "line 64"))
    }

    func testInformationAndErrorMessagesComeInOrderAfterASuccess() async throws {
        let result = try await signIn("puremvvm-chatty", "dimsky", "balabala")
        let info = AccountServiceMessage(.info, "Authentication succeeded")
        let error = AccountServiceMessage(.error, "Authentication generated an error")
        XCTAssertEqual(result, .success(User(name: "dimsky", messages: [info, info, info, error, error, error])))
    }

    func testAPromptTheFormCannotAnswerMakesTheServiceUnavailable() async throws {
        let log = HandleLog()
        let result = try await signIn("puremvvm-echo", "dimsky", "balabala", log: log)
        XCTAssertEqual(result, .failure(.unavailable), "pam_matrix asks with echo on: not a password prompt")
        XCTAssertEqual(log.events, [.started, .ended])
    }

    /// Issue 40, F7: a module that asks for a verification code after the password, as pam_google_authenticator
    /// does, got the password as the code, and the user was told "Wrong username or password". The conversation
    /// answers the password's prompt only, once: the code's prompt ends it (PAM_CONV_ERR), and the sign-in is
    /// unavailable, though pam_code makes the refusal PAM_AUTH_ERR. So is a code asked alone, and the password
    /// asked a second time. A wrong password fails before any second prompt, as a wrong password.
    func testOnlyThePasswordsPromptIsAnsweredAndAnyOtherMakesTheServiceUnavailable() async throws {
        let cases: [(service: String, password: String, result: Result<User, AuthenticationError>)] = [
            ("puremvvm-code", "balabala", .failure(.unavailable)),
            ("puremvvm-code", "wrong-password", .failure(.invalidCredentials)),
            ("puremvvm-code-first", "balabala", .failure(.unavailable)),
            ("puremvvm-code-first", "123456", .failure(.unavailable)),
            ("puremvvm-code-again", "balabala", .failure(.unavailable)),
            ("puremvvm-code-again", "wrong-password", .failure(.invalidCredentials)),
        ]
        for (service, password, expected) in cases {
            let log = HandleLog()
            let result = try await signIn(service, "dimsky", password, log: log)
            XCTAssertEqual(result, expected, "\(service) with \(password)")
            XCTAssertEqual(log.events, [.started, .ended], service)
        }
    }

    func testThePasswordAnswersOnlyAPromptForAPassword() {
        for prompt in [
            "Password: ", "password:", "LDAP Password: ", "Password for code@EXAMPLE.COM: ", "Enter passphrase: ",
            "密码：", "口令：", "Password for pinky: ",
        ] {
            XCTAssertTrue(PAMTransaction.isPasswordPrompt(prompt, username: "code"), prompt)
        }
        for prompt in [
            "Verification code: ", "One-time password (OATH) for `dimsky': ", "Password + token code: ",
            "Enter PIN for password: ", "OTP password: ", "One time password: ", "Token: ", "", "Login: ",
            "验证码：", "动态密码：", "一次性密码：", "Password verification code: ",
        ] {
            XCTAssertFalse(PAMTransaction.isPasswordPrompt(prompt, username: "dimsky"), prompt)
        }
    }

    func testAServiceWithoutAFileIsOthers() async throws {
        let result = try await signIn("puremvvm-missing", "dimsky", "balabala")
        XCTAssertEqual(result, .failure(.invalidCredentials), "Fixtures/pam/services/other denies everyone")
    }

    func testCancellingReturnsAtOnceAndTheTransactionEndsItsHandleByItself() async throws {
        let fixture = try PAMFixture.shared()
        let started = fixture.fifos.appendingPathComponent("started").path
        let release = fixture.fifos.appendingPathComponent("release").path
        XCTAssertEqual(mkfifo(started, 0o600), 0)
        XCTAssertEqual(mkfifo(release, 0o600), 0)
        addTeardownBlock {
            unlink(started)
            unlink(release)
        }
        // Both ends of "release" (a Linux FIFO opened O_RDWR): wait.sh's open for reading does not block on it.
        let releaseEnd = open(release, O_RDWR)
        let startedEnd = open(started, O_RDONLY | O_NONBLOCK)
        defer { _ = [releaseEnd, startedEnd].map(close) }
        let log = HandleLog()
        let authenticator = try fixture.authenticator("puremvvm-wait", events: log.record)
        let finished = XCTestExpectation(description: "the cancelled sign-in returns")
        let attempt = Task {
            defer { finished.fulfill() }
            do throws(AuthenticationError) {
                _ = try await authenticator.authenticate(username: "dimsky", password: "balabala")
                return AuthenticationError?.none
            } catch {
                return error
            }
        }

        try Self.waitForLine(on: startedEnd)  // pam_exec's script runs: pam_authenticate is blocked
        attempt.cancel()
        await fulfillment(of: [finished], timeout: 10)
        let error = try await attempt.value(awaiting: "the cancelled sign-in")
        XCTAssertEqual(error, .cancelled)
        XCTAssertEqual(log.events, [.started], "PAM is still waiting for the script")

        let ended = log.nextEnd("pam_end once the script is released")
        XCTAssertEqual(write(releaseEnd, "go\n", 3), 3)
        await fulfillment(of: [ended], timeout: 10)
        XCTAssertEqual(log.events, [.started, .ended])
    }

    func testServiceNames() throws {
        for name in ["login", "puremvvm-login", "sshd", "a.b_c-1"] {
            XCTAssertTrue(PAMAuthenticator.isServiceName(name), name)
        }
        for name in ["", ".", "..", ".hidden", "../etc/shadow", "a/b", "a b", "é", String(repeating: "a", count: 256)] {
            XCTAssertFalse(PAMAuthenticator.isServiceName(name), name)
            XCTAssertThrowsError(try PAMAuthenticator(service: name)) { error in
                XCTAssertEqual(error as? PAMError, .invalidServiceName(name))
            }
        }
    }

    /// Reads a line from a FIFO opened non-blocking, waiting at most 10 seconds for it.
    private static func waitForLine(on descriptor: Int32) throws {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        guard poll(&descriptors, 1, 10_000) == 1 else {
            throw TestSetupError("wait.sh never wrote to its FIFO: pam_exec did not run it")
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        XCTAssertGreaterThan(read(descriptor, &buffer, buffer.count), 0)
    }
}
