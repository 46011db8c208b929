import ConsoleView
import PureMVVM
import XCTest

@testable import SeedLogin

@MainActor
final class LoginConsoleViewTests: XCTestCase {
    func testASessionAtTheConsole() async {
        let terminal = ScriptedTerminal(
            typing: [.line("dim"), .line("dimsky"), .line("balabala")])
        let viewModel = LoginViewModel(authenticator: DemoAuthenticator())
        let view = LoginConsoleView(viewModel: viewModel, output: terminal)

        let end = await view.form.run(reading: terminal)

        XCTAssertEqual(end, .closed)
        XCTAssertEqual(view.signedInUser, User(name: "dimsky"))
        // What the console wrote; what the user typed is not part of it, and the
        // password is never shown.
        XCTAssertEqual(
            terminal.output,
            """
            Username:   ✗ Username "dim": Must be at least 6 characters.
            Username:   ✓ Username "dimsky"
            Password:   ✓ Password
              → Sign in: enabled
            Signing in…
            Welcome, dimsky!

            """
        )
    }

    func testAWrongPasswordShowsTheAlertAndAsksAgain() async {
        let terminal = ScriptedTerminal(
            typing: [.line("dimsky"), .line("wrong-password"), .endOfInput])
        let viewModel = LoginViewModel(authenticator: DemoAuthenticator())
        let view = LoginConsoleView(viewModel: viewModel, output: terminal)

        let end = await view.form.run(reading: terminal)

        XCTAssertEqual(end, .endOfInput)
        XCTAssertNil(view.signedInUser)
        XCTAssertTrue(terminal.output.contains("Wrong username or password."))
        XCTAssertFalse(terminal.output.contains("wrong-password"), "never shown")
    }
}
