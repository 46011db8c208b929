import LoginFeature
import PureMVVM
import TestSupport
import XCTest

/// The seed's four cases with a hand-written spy, as strict as `SeedCasesTests`: one reload per input, its exact
/// change set and outputs, and no other call. Kept to measure what PureMVVMTesting saves ("Testing a ViewModel"
/// article).
@MainActor
final class SeedCasesHandWrittenTests: GuardedTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])
    private var viewModel: LoginViewModel!
    private var spy: HandWrittenLoginSpy!

    override func setUp() async throws {
        viewModel = LoginViewModel(authenticator: FakeAuthenticator())
        spy = HandWrittenLoginSpy()
        viewModel.delegate = spy
    }

    func testInvalidUsernameInvalidPassword() async {
        var expected = LoginOutputs()
        viewModel.usernameDidChange(nil)
        expected.usernameBorder = tooShort
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])
        viewModel.passwordDidChange(nil)
        expected.passwordBorder = tooShort
        XCTAssertEqual(spy.takeCalls(), [.reload([.passwordBorder], expected)])
        XCTAssertEqual(viewModel.outputs, expected)
    }

    func testValidUsernameInvalidPassword() async {
        var expected = LoginOutputs()
        viewModel.usernameDidChange("dimsky")
        expected.usernameBorder = .valid
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])
        viewModel.passwordDidChange(nil)
        expected.passwordBorder = tooShort
        XCTAssertEqual(spy.takeCalls(), [.reload([.passwordBorder], expected)])
        XCTAssertEqual(viewModel.outputs, expected)
    }

    func testInvalidUsernameValidPassword() async {
        var expected = LoginOutputs()
        viewModel.usernameDidChange(nil)
        expected.usernameBorder = tooShort
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])
        viewModel.passwordDidChange("balabala")
        expected.passwordBorder = .valid
        XCTAssertEqual(spy.takeCalls(), [.reload([.passwordBorder], expected)])
        XCTAssertEqual(viewModel.outputs, expected)
    }

    func testValidUsernameValidPassword() async {
        var expected = LoginOutputs()
        viewModel.usernameDidChange("dimsky")
        expected.usernameBorder = .valid
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])
        viewModel.passwordDidChange("balabala")
        expected.passwordBorder = .valid
        expected.isLoginEnabled = true
        XCTAssertEqual(spy.takeCalls(), [.reload([.passwordBorder, .isLoginEnabled], expected)])
        XCTAssertEqual(viewModel.outputs, expected)
    }
}
