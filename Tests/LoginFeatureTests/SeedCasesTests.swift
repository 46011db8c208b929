import LoginFeature
import PureMVVM
import XCTest

/// The seed article's four test cases, with its data.
@MainActor
final class SeedCasesTests: XCTestCase {
    private func makeViewModel() -> LoginViewModel {
        LoginViewModel(authenticator: ManualAuthenticator())
    }

    func testInvalidUsernameInvalidPassword() async {
        let viewModel = makeViewModel()
        viewModel.usernameDidChange(nil)
        viewModel.passwordDidChange(nil)

        XCTAssertTrue(viewModel.usernameBorder.isInvalid)
        XCTAssertTrue(viewModel.passwordBorder.isInvalid)
        XCTAssertFalse(viewModel.isLoginEnabled)
    }

    func testValidUsernameInvalidPassword() async {
        let viewModel = makeViewModel()
        viewModel.usernameDidChange("dimsky")
        viewModel.passwordDidChange(nil)

        XCTAssertEqual(viewModel.usernameBorder, .valid)
        XCTAssertTrue(viewModel.passwordBorder.isInvalid)
        XCTAssertFalse(viewModel.isLoginEnabled)
    }

    func testInvalidUsernameValidPassword() async {
        let viewModel = makeViewModel()
        viewModel.usernameDidChange(nil)
        viewModel.passwordDidChange("balabala")

        XCTAssertTrue(viewModel.usernameBorder.isInvalid)
        XCTAssertEqual(viewModel.passwordBorder, .valid)
        XCTAssertFalse(viewModel.isLoginEnabled)
    }

    func testValidUsernameValidPassword() async {
        let viewModel = makeViewModel()
        viewModel.usernameDidChange("dimsky")
        viewModel.passwordDidChange("balabala")

        XCTAssertEqual(viewModel.usernameBorder, .valid)
        XCTAssertEqual(viewModel.passwordBorder, .valid)
        XCTAssertTrue(viewModel.isLoginEnabled)
    }
}
