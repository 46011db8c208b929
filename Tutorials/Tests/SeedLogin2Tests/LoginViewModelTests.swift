import PureMVVM
import PureMVVMTesting
import XCTest

@testable import SeedLogin2

@MainActor
final class LoginViewModelTests: XCTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    private func makeTester() -> ViewModelTester<LoginViewModel, ReloadSpy<LoginOutputs>> {
        ViewModelTester(LoginViewModel(), spy: ReloadSpy())
    }

    func testAShortUsernameIsInvalid() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = self.tooShort }
    }

    func testALongEnoughUsernameIsValid() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
    }

    func testTypingTheSameTextAgainSendsNoReload() async {
        let tester = makeTester()
        tester.send({ $0.usernameDidChange("dim") }) { $0.usernameBorder = self.tooShort }
        tester.send { $0.usernameDidChange("dim") }
    }
}
