import LoginFeature
import PureMVVM
import PureMVVMTesting
import Testing

/// The seed's happy path from Swift Testing, with the same tester: failures would go to `Issue.record`.
@MainActor
@Suite("Login under Swift Testing", .watchdog)
struct LoginSwiftTestingSuite {
    @Test("dimsky / balabala signs in")
    func validCredentialsSignIn() async throws {
        let fake = FakeAuthenticator()
        let tester = ViewModelTester(LoginViewModel(authenticator: fake), spy: LoginSpy())
        tester.send({ $0.usernameDidChange("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ $0.passwordDidChange("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
        tester.send({ $0.login() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }
        #expect(try await fake.calls.next() == .init(username: "dimsky", password: "balabala"))
        fake.calls.respond(with: User(name: "dimsky"))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        await tester.receive(.home(User(name: "dimsky")))
    }

    @Test("too short a username shows invalid", arguments: ["", "d", "dimsk"])
    func shortUsernames(_ name: String) {
        let tester = ViewModelTester(LoginViewModel(authenticator: FakeAuthenticator()), spy: LoginSpy())
        tester.send({ $0.usernameDidChange(name) }) { $0.usernameBorder = .invalid(["Must be at least 6 characters."]) }
    }
}
