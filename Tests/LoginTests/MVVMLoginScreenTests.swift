import ConsoleView
import LoginFeature
import PureMVVM
import XCTest

@testable import login

/// The MVVM adapter between `LoginViewModel` and the console form: it forwards events and, on a reload, touches
/// only the widgets the change set names.
@MainActor
final class MVVMLoginScreenTests: XCTestCase {
    private struct Accepting: Authenticator {
        func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
            User(name: username)
        }
    }

    func testAReloadTouchesOnlyTheWidgetsItNames() async {
        let terminal = ScriptedTerminal(typing: [])
        let form = ConsoleForm<LoginField>(actionTitle: "Sign in", output: terminal)
        let screen = MVVMLoginScreen(form: form, dependencies: LoginDependencies(authenticator: Accepting()))
        // Something else drew on the password widget; a view that redraws everything would overwrite it.
        form.setBorder(.invalid(["drawn by someone else"]), of: .password)

        screen.form(form, didEnter: "dim", in: .username)  // the ViewModel reloads [usernameBorder] only

        XCTAssertEqual(form.border(of: .username), .invalid(["Must be at least 6 characters."]))
        XCTAssertEqual(form.border(of: .password), .invalid(["drawn by someone else"]), "not named, not touched")
        XCTAssertFalse(form.isActionEnabled)
    }

    func testSigningInShowsTheWelcomeClosesTheFormAndRecordsTheUser() async {
        let terminal = ScriptedTerminal(typing: [.line("dimsky"), .line("balabala")])
        let form = ConsoleForm<LoginField>(actionTitle: "Sign in", output: terminal)
        let screen = MVVMLoginScreen(form: form, dependencies: LoginDependencies(authenticator: Accepting()))

        let end = await form.run(reading: terminal)

        XCTAssertEqual(end, .closed)
        XCTAssertEqual(screen.outcome, .signedIn(User(name: "dimsky")))
        XCTAssertTrue(terminal.output.hasSuffix("Signing in…\nWelcome, dimsky!\n"))
    }

    func testTheFormHoldsTheScreenWeaklyAndTheScreenHoldsItsViewModel() async {
        let form = ConsoleForm<LoginField>(actionTitle: "Sign in", output: ScriptedTerminal(typing: []))
        weak var weakScreen: MVVMLoginScreen?
        do {
            let screen = MVVMLoginScreen(form: form, dependencies: LoginDependencies(authenticator: Accepting()))
            weakScreen = screen
            XCTAssertTrue(form.delegate === screen)
        }
        XCTAssertNil(weakScreen, "the session, not the form, keeps the screen alive")
    }
}
