import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The sign-up screen's spy: reloads come from `DelegateSpy`; alerts and navigation are recorded as events.
@MainActor
final class SignupSpy: SignupViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case alert(AlertContent<Never>)
        case home(User)
    }

    let recorder = DelegateRecorder<SignupOutputs, Event>()
    func showAlert(_ alert: AlertContent<Never>) { recorder.record(.alert(alert)) }
    func moveToHomeScreen(for user: User) { recorder.record(.home(user)) }
}

/// A sign-up service whose calls wait until the test answers them.
final class FakeSignupService: SignupService {
    struct Request: Equatable, Sendable {
        let email: String
        let password: String
    }

    let calls = PendingCalls<Request, User, SignupError>(whenCancelled: .cancelled)

    func signUp(email: String, password: String) async throws(SignupError) -> User {
        try await calls.wait(for: Request(email: email, password: password))
    }
}
