import PureMVVM
import PureMVVMTesting
import XCTest

@testable import SeedLogin

@MainActor
final class SignInTests: XCTestCase {
    private let dimsky = User(name: "dimsky")

    /// A tester whose form is filled in with the seed's valid credentials.
    private func makeFilledInTester()
        -> (ViewModelTester<LoginViewModel, LoginSpy>, FakeAuthenticator)
    {
        let fake = FakeAuthenticator()
        let tester = ViewModelTester(LoginViewModel(authenticator: fake), spy: LoginSpy())
        trackForLeaks(tester.viewModel)
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
        return (tester, fake)
    }

    func testASignInShowsLoadingThenMovesHome() async throws {
        let (tester, fake) = makeFilledInTester()
        tester.send({ $0.login() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }

        let request = try await fake.calls.next()
        XCTAssertEqual(request, .init(username: "dimsky", password: "balabala"))
        fake.calls.respond(with: dimsky)

        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        await tester.receive(.home(dimsky))
    }

    func testWrongCredentialsShowAnAlert() async throws {
        let (tester, fake) = makeFilledInTester()
        tester.send({ $0.login() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }

        _ = try await fake.calls.next()
        fake.calls.fail(with: .wrongCredentials)

        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        let alert = AlertContent(
            title: "Sign-in failed", message: "Wrong username or password.")
        await tester.receive(.alert(alert))
    }

    func testLoginDoesNothingUntilBothFieldsAreValid() async {
        let fake = FakeAuthenticator()
        let tester = ViewModelTester(LoginViewModel(authenticator: fake), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send { $0.login() }
        XCTAssertEqual(fake.calls.pendingCount, 0)
    }
}
