import LoginFeature
import PureMVVM
import XCTest

/// The delegate contract: one reload per input with exactly what changed, none when nothing changed, and a weak
/// delegate in both directions of ownership.
@MainActor
final class ReloadContractTests: XCTestCase {
    private var viewModel: LoginViewModel!
    private var spy: LoginSpy!

    override func setUp() async throws {
        viewModel = LoginViewModel(authenticator: ManualAuthenticator())
        spy = LoginSpy()
        spy.viewModel = viewModel
        viewModel.delegate = spy
    }

    func testEachInputGivesOneReloadWithExactlyTheChangedOutputs() async {
        viewModel.usernameDidChange("dim")
        var expected = LoginOutputs()
        expected.usernameBorder = .invalid(["Must be at least 6 characters."])
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])

        viewModel.usernameDidChange("dimsky")
        expected.usernameBorder = .valid
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])

        viewModel.passwordDidChange("balabala")
        expected.passwordBorder = .valid
        expected.isLoginEnabled = true
        XCTAssertEqual(spy.takeCalls(), [.reload([.passwordBorder, .isLoginEnabled], expected)])
    }

    func testNoReloadWhenNothingChanged() async {
        viewModel.usernameDidChange("dimsky")
        _ = spy.takeCalls()

        viewModel.usernameDidChange("dimsky")
        viewModel.usernameDidChange("dimsky2")  // still valid: same border
        viewModel.usernameDidEndEditing()  // seed policy: already showing
        viewModel.login()  // not enabled: ignored

        XCTAssertEqual(spy.takeCalls(), [])
    }

    func testAfterLeavingPolicyReloadsWhenTheFieldIsLeft() async {
        let viewModel = LoginViewModel(authenticator: ManualAuthenticator(), policy: .afterLeaving)
        viewModel.delegate = spy
        spy.viewModel = viewModel

        viewModel.usernameDidChange("dim")
        XCTAssertEqual(spy.takeCalls(), [], "nothing shows while typing")

        viewModel.usernameDidEndEditing()
        var expected = LoginOutputs()
        expected.usernameBorder = .invalid(["Must be at least 6 characters."])
        XCTAssertEqual(spy.takeCalls(), [.reload([.usernameBorder], expected)])
    }

    func testTheViewModelDoesNotKeepItsViewAlive() async {
        weak var weakSpy: LoginSpy?
        do {
            let view = LoginSpy()
            weakSpy = view
            viewModel.delegate = view
        }
        XCTAssertNil(weakSpy)
        XCTAssertNil(viewModel.delegate)
        viewModel.usernameDidChange("dimsky")  // reloading a freed view is a no-op, never a crash
        XCTAssertEqual(viewModel.usernameBorder, .valid)
    }

    func testAViewThatDropsItsViewModelFreesIt() async {
        weak var weakViewModel: LoginViewModel?
        do {
            let viewModel = LoginViewModel(authenticator: ManualAuthenticator())
            viewModel.delegate = spy
            viewModel.usernameDidChange("dimsky")
            weakViewModel = viewModel
        }
        XCTAssertNil(weakViewModel)
    }
}
