import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The delegate contract on the login screen: one reload per input with exactly what changed, none when nothing
/// changed, and a weak delegate in both directions of ownership. `ViewModelTester` checks the reload rules on
/// every `send`.
@MainActor
final class ReloadContractTests: GuardedTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    func testEachInputGivesOneReloadWithExactlyTheChangedOutputs() async {
        let tester = ViewModelTester(LoginViewModel(authenticator: FakeAuthenticator()), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = tooShort }
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
        assertGolden(tester.log, matches: "logs/login-typing.txt")
    }

    func testNoReloadWhenNothingChanged() async {
        let tester = ViewModelTester(LoginViewModel(authenticator: FakeAuthenticator()), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send { $0.usernameDidChange("dimsky") }
        tester.send { $0.usernameDidChange("dimsky2") }  // still valid: the same border
        tester.send { $0.usernameDidEndEditing() }  // the seed policy already shows it
        tester.send { $0.login() }  // not enabled: ignored
    }

    func testAfterLeavingPolicyReloadsOnlyWhenTheFieldIsLeft() async {
        let viewModel = LoginViewModel(authenticator: FakeAuthenticator(), policy: .afterLeaving)
        let tester = ViewModelTester(viewModel, spy: LoginSpy())
        tester.send { $0.usernameDidChange("dim") }
        tester.send({ $0.usernameDidEndEditing() }) { $0.usernameBorder = tooShort }
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
    }

    func testTheViewModelDoesNotKeepItsViewAlive() async {
        let viewModel = LoginViewModel(authenticator: FakeAuthenticator())
        do {
            let view = LoginSpy()
            viewModel.delegate = view
            trackForLeaks(view)
        }
        XCTAssertNil(viewModel.delegate)
        viewModel.usernameDidChange("dimsky")  // reloading a freed view is a no-op, never a crash
        XCTAssertEqual(viewModel.outputs.usernameBorder, .valid)
    }

    func testAViewThatDropsItsViewModelFreesIt() async {
        let view = LoginSpy()
        do {
            let viewModel = LoginViewModel(authenticator: FakeAuthenticator())
            viewModel.delegate = view
            viewModel.usernameDidChange("dimsky")
            trackForLeaks(viewModel)
        }
        XCTAssertEqual(view.recorder.callCount, 1)
    }
}
