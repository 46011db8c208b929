import Foundation
import XCTest

/// `login --pam` and what it reads besides PAM: the full name the system's account database gives a user (through
/// nss_wrapper, from Fixtures/pam/passwd), and a password that PAM says must be changed first (pam_expired, a module
/// the tests compile). Each test's processes run one after another (pam_wrapper's folders, see PAMEndToEndTests),
/// and skip the failure delays (`PUREMVVM_TEST_SKIP_DELAYS`). An extension, so the class's `tearDown` removes the
/// services they share once, after all of them.
extension PAMEndToEndTests {
    /// The variables of a run at a terminal: no colour, no failure delays, and no pam_wrapper trace (on a
    /// terminal it would share the screen with `login`'s output).
    fileprivate static let atATerminal = [
        "NO_COLOR": "1", "PUREMVVM_TEST_SKIP_DELAYS": "1", "PAM_WRAPPER_DEBUGLEVEL": "0",
    ]

    /// Signs in at a terminal through the service and returns the screen up to the home screen's prompt, after
    /// quitting there (exit status 0, echo on).
    private func signInAtATerminal(_ wrapper: PAMWrapper, _ name: String, _ password: String) throws -> String {
        let session = try PseudoTerminalProcess(
            try LoginBinary.path(), ["--pam", "puremvvm-test", "--language", "en"],
            environment: wrapper.environment.merging(Self.atATerminal) { $1 })
        try session.waitFor("Username: ")
        session.type("\(name)\r")
        try session.waitFor("Password: ")
        XCTAssertFalse(session.isEchoOn)
        session.type("\(password)\r")
        try session.waitFor("Home: ")
        session.type("quit\r")
        XCTAssertEqual(try session.waitForExit(), .exited(0), session.screen)
        XCTAssertTrue(session.isEchoOn)
        XCTAssertFalse(session.screen.contains(password), "the password is never shown")
        return session.screen
    }

    func testTheHomeScreenGreetsByTheFullNameTheAccountDatabaseGivesOrElseByTheName() throws {
        let wrapper = try PAMWrapper.makeWithAccounts()
        let dimsky = try signInAtATerminal(wrapper, "dimsky", "balabala")
        XCTAssertTrue(dimsky.contains("Welcome, dimsky!\n"), "the welcome names the account:\n\(dimsky)")
        XCTAssertTrue(dimsky.contains("\nHello, Dim Sky\n"), "the GECOS field's first part:\n\(dimsky)")
        let ada = try signInAtATerminal(wrapper, "ada", "lovelace")
        XCTAssertTrue(ada.contains("\nHello, Ada Lovelace\n"), "'& Lovelace': & is the name, capitalised:\n\(ada)")
        let bob = try signInAtATerminal(wrapper, "bob", "builder")
        XCTAssertTrue(bob.contains("\nHello, bob\n"), "bob's GECOS field is ',,,': no full name:\n\(bob)")
    }

    func testAUserTheAccountDatabaseDoesNotKnowIsGreetedByTheName() throws {
        let wrapper = try PAMWrapper.make()  // no nss_wrapper: the machine's own database, without dimsky
        let screen = try signInAtATerminal(wrapper, "dimsky", "balabala")
        XCTAssertTrue(screen.contains("\nHello, dimsky\n"), screen)
    }

    func testAPasswordThatMustBeChangedIsReportedAsPAMSaidItAndHowToChangeIt() throws {
        let wrapper = try PAMWrapper.make()
        let login = try LoginBinary.path()
        let environment = wrapper.environment.merging(["PUREMVVM_TEST_SKIP_DELAYS": "1"]) { $1 }
        let cases = [
            (
                "puremvvm-expired", "en",
                "! Password change required: You are required to change your password immediately (password "
                    + "expired). Change it with passwd, then sign in again.\n"
            ),
            (
                "puremvvm-expired-silent", "en",
                "! Password change required: Authentication token is no longer valid; new one required. Change it "
                    + "with passwd, then sign in again.\n"
            ),
            (
                "puremvvm-expired", "zh",
                "! 需要更改密码：You are required to change your password immediately (password expired)。"
                    + "请用 passwd 更改密码，然后重新登录。\n"
            ),
        ]
        for (service, language, report) in cases {
            let result = try PipedProcess.run(
                login,
                ["--pam", service, "--language", language, "--username", "dimsky", "--password-stdin"],
                input: Array("balabala\n".utf8), environment: environment, timeout: .seconds(30))
            XCTAssertEqual(result.status, .exited(1), service)
            XCTAssertTrue(result.output.hasSuffix(report), "\(service), \(language):\n\(result.output)")
            let trace = PAMWrapper.Output(standardError: result.errors)
            XCTAssertEqual([trace.started, trace.ended], [1, 1], service)
            XCTAssertEqual(trace.errors, "", service)
        }
    }

    func testAtATerminalAPasswordThatMustBeChangedEndsTheSessionWithEchoOn() throws {
        let wrapper = try PAMWrapper.make(Self.atATerminal)
        let session = try PseudoTerminalProcess(
            try LoginBinary.path(), ["--pam", "puremvvm-expired", "--language", "en"],
            environment: wrapper.environment)
        try session.waitFor("Username: ")
        session.type("dimsky\r")
        try session.waitFor("Password: ")
        session.type("balabala\r")
        try session.waitFor("! Password change required: ")
        XCTAssertEqual(try session.waitForExit(), .exited(1), "asking again could not succeed:\n\(session.screen)")
        XCTAssertTrue(session.isEchoOn)
        XCTAssertFalse(session.rest.contains("Username: "), "no new prompt after the report:\n\(session.rest)")
    }
}
