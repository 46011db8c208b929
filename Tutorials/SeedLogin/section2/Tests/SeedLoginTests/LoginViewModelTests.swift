import PureMVVM
import PureMVVMTesting
import XCTest

@testable import SeedLogin

private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

@MainActor
final class LoginViewModelTests: XCTestCase {
    private func makeTester()
        -> ViewModelTester<LoginViewModel, ReloadSpy<LoginOutputs>>
    {
        ViewModelTester(LoginViewModel(), spy: ReloadSpy())
    }

    func testAShortUsernameIsInvalid() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = tooShort }
    }

    func testALongEnoughUsernameIsValid() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
    }

    func testTypingTheSameTextAgainSendsNoReload() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = tooShort }
        tester.send { $0.usernameDidChange("dim") }
    }
}
