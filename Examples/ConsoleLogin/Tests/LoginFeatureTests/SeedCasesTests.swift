import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The seed article's four cases, with its data, on `ViewModelTester`: each input's one reload and the whole
/// outputs snapshot are checked, and any other delegate call would fail the test.
@MainActor
final class SeedCasesTests: GuardedTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    private func makeTester() -> ViewModelTester<LoginViewModel, LoginSpy> {
        ViewModelTester(LoginViewModel(authenticator: FakeAuthenticator()), spy: LoginSpy())
    }

    func testInvalidUsernameInvalidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange(nil) }) { $0.usernameBorder = tooShort }
        tester.send({ $0.passwordDidChange(nil) }) { $0.passwordBorder = tooShort }
    }

    func testValidUsernameInvalidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange(nil) }) { $0.passwordBorder = tooShort }
    }

    func testInvalidUsernameValidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange(nil) }) { $0.usernameBorder = tooShort }
        tester.send({ $0.passwordDidChange("balabala") }) { $0.passwordBorder = .valid }
    }

    func testValidUsernameValidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
    }
}
