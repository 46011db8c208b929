import PureMVVM
import PureMVVMTesting
import XCTest

@testable import SeedLogin

private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

/// The seed article's four cases: each field valid or not.
@MainActor
final class LoginViewModelTests: XCTestCase {
    private func makeTester()
        -> ViewModelTester<LoginViewModel, ReloadSpy<LoginOutputs>>
    {
        ViewModelTester(LoginViewModel(), spy: ReloadSpy())
    }

    func testInvalidUsernameInvalidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = tooShort }
        tester.send({ $0.passwordDidChange("bala") }) { $0.passwordBorder = tooShort }
    }

    func testValidUsernameInvalidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("bala") }) { $0.passwordBorder = tooShort }
    }

    func testInvalidUsernameValidPassword() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = tooShort }
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
