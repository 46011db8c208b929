import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// The contract explorer over MVVM Input/Output's login ViewModel, driven through the handlers it hooks to the
/// view's events, with the login screen's business rules as invariants.
@MainActor
final class MVVMInputOutputExplorationTests: GuardedTestCase {
    private typealias ViewModel = MVVMInputOutput.LoginViewModel

    private final class Spy: LoginViewModelDelegate, DelegateSpy {
        let recorder = DelegateRecorder<LoginOutputs, Never>()
        func showAlert(_ alert: AlertContent<Never>) {}
        func moveToHomeScreen(for user: User) {}
    }

    /// The view's side of `Input`: the handlers the ViewModel hooks to each event.
    private final class Events {
        var username: (@MainActor (String) -> Void)?
        var password: (@MainActor (String) -> Void)?
        var login: (@MainActor () -> Void)?

        var input: ViewModel.Input {
            ViewModel.Input(
                username: { self.username = $0 }, password: { self.password = $0 }, login: { self.login = $0 })
        }
    }

    private var authenticator = FakeAuthenticator()
    private let events = Events()

    /// A fresh ViewModel on a fresh fake authenticator, its handlers hooked to `events`; failure delays pass at
    /// once, and the first failure locks out, so that most runs reach the lock-out (LoginViewModel's exploration
    /// allows two, to retry after a failure).
    private func makeTester() -> ViewModelTester<ViewModel, Spy> {
        authenticator = FakeAuthenticator()
        let dependencies = LoginDependencies(
            authenticator: authenticator,
            failurePolicy: LoginFailurePolicy(maximumFailures: 1, firstDelay: .seconds(1)),
            clock: RecordingClock())
        let viewModel = ViewModel(dependencies: dependencies)
        _ = viewModel.transform(input: events.input)
        return ViewModelTester(viewModel, spy: Spy())
    }

    func testTheInputOutputViewModelKeepsTheContractAndTheLoginRules() async {
        let explorer = ContractExplorer(
            makeTester,
            inputs: [
                .send("self.events.username?($1)", with: .text(around: [6, 32], including: ["dimsky"])) {
                    _, text in self.events.username?(text)
                },
                .send("self.events.password?($1)", with: .text(around: [6, 72], including: ["balabala"])) {
                    _, text in self.events.password?(text)
                },
                .send(#"self.events.username?("dimsky")"#) { _ in self.events.username?("dimsky") },
                .send(#"self.events.password?("balabala")"#) { _ in self.events.password?("balabala") },
                .send("self.events.login?()") { _ in self.events.login?() },
                .step(#"authenticator.calls.respond(with: User(name: "dimsky"))"#) {
                    self.authenticator.calls.respond(with: User(name: "dimsky"))
                },
                .step("authenticator.calls.fail(with: .invalidCredentials)") {
                    self.authenticator.calls.fail(with: .invalidCredentials)
                },
                .step("authenticator.calls.fail(with: .unavailable)") {
                    self.authenticator.calls.fail(with: .unavailable)
                },
            ])
        explorer.maximumLength = 20
        explorer.invariant("login is enabled only with both borders valid, not loading and not locked out") {
            !$0.isLoginEnabled
                || ($0.usernameBorder == .valid && $0.passwordBorder == .valid && !$0.isLoading && !$0.isLockedOut)
        }
        explorer.invariant("a locked-out screen is not loading") { !($0.isLockedOut && $0.isLoading) }
        explorer.invariant("a border shows once its field was entered, and says why when invalid") {
            for border in [$0.usernameBorder, $0.passwordBorder] {
                if case .invalid(let messages) = border, messages.isEmpty { return false }
            }
            return true
        }
        await explorer.run()
    }
}
