import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// MVVM with Input/Output: the ViewModel, tested with no view. The test plays the view's part of
/// `transform(input:)` (it keeps the handlers the ViewModel hooks in) and drives it through `ViewModelTester`,
/// which checks one reload per event naming exactly what changed.
@MainActor
final class MVVMInputOutputLoginViewModelTests: GuardedTestCase {
    private typealias ViewModel = MVVMInputOutput.LoginViewModel

    /// The spy view: reloads come from `DelegateSpy`; alerts and navigation are events.
    private final class Spy: LoginViewModelDelegate, DelegateSpy {
        enum Event: Equatable, Sendable {
            case alert(AlertContent<Never>)
            case home(User)
        }
        let recorder = DelegateRecorder<LoginOutputs, Event>()
        func showAlert(_ alert: AlertContent<Never>) { recorder.record(.alert(alert)) }
        func moveToHomeScreen(for user: User) { recorder.record(.home(user)) }
    }

    /// The view's side of `Input`: it keeps the handlers the ViewModel hooks to each event.
    private final class Events {
        var username: (@MainActor (String) -> Void)?
        var password: (@MainActor (String) -> Void)?
        var login: (@MainActor () -> Void)?

        var input: ViewModel.Input {
            ViewModel.Input(
                username: { self.username = $0 }, password: { self.password = $0 }, login: { self.login = $0 })
        }
    }

    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])
    private let authenticator = FakeAuthenticator()
    private let clock = ManualClock()
    private let events = Events()

    private func makeTester() -> (ViewModelTester<ViewModel, Spy>, ViewModel.Output) {
        let viewModel = ViewModel(dependencies: LoginDependencies(authenticator: authenticator, clock: clock))
        let output = viewModel.transform(input: events.input)
        return (ViewModelTester(viewModel, spy: Spy()), output)
    }

    private func fillIn(_ tester: ViewModelTester<ViewModel, Spy>) {
        tester.send({ _ in self.events.username?("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ _ in self.events.password?("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
    }

    func testTransformHooksAHandlerToEveryEvent() async {
        let (tester, output) = makeTester()
        XCTAssertNotNil(events.username)
        XCTAssertNotNil(events.password)
        XCTAssertNotNil(events.login)
        XCTAssertEqual(output.current(), LoginOutputs(), "an untouched screen")
        await tester.finish()
    }

    func testTheSeedsCases() async {
        let (tester, _) = makeTester()
        tester.send({ _ in self.events.username?("dim") }) { $0.usernameBorder = tooShort }
        tester.send({ _ in self.events.password?("bala") }) { $0.passwordBorder = tooShort }
        tester.send({ _ in self.events.username?("dimsky") }) { $0.usernameBorder = .valid }
        tester.send({ _ in self.events.password?("balabala") }) {
            $0.passwordBorder = .valid
            $0.isLoginEnabled = true
        }
    }

    func testOutputConnectsTheViewAsTheDelegate() async {
        let viewModel = ViewModel(dependencies: LoginDependencies(authenticator: authenticator))
        let output = viewModel.transform(input: events.input)
        let spy = Spy()
        output.connect(spy)
        XCTAssertTrue(viewModel.delegate === spy)
    }

    func testASignInShowsLoadingThenNavigates() async throws {
        let (tester, _) = makeTester()
        fillIn(tester)
        tester.send({ _ in self.events.login?() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }
        _ = try await authenticator.calls.next()
        authenticator.calls.respond(with: User(name: "dimsky"))
        await tester.receiveReload {
            $0.isLoading = false
            $0.isLoginEnabled = true
        }
        await tester.receive(.home(User(name: "dimsky")))
    }

    func testAWrongPasswordWaitsTheDelayThenForgetsThePasswordAndAlerts() async throws {
        let (tester, _) = makeTester()
        fillIn(tester)
        tester.send({ _ in self.events.login?() }) {
            $0.isLoading = true
            $0.isLoginEnabled = false
        }
        _ = try await authenticator.calls.next()
        authenticator.calls.fail(with: .invalidCredentials)
        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .seconds(1))
        await clock.advance(by: delay)
        await tester.receiveReload {
            $0.isLoading = false
            $0.passwordBorder = .neutral
        }
        await tester.receive(.alert(LoginAlerts.english.alert(for: .invalidCredentials)!))
    }
}
