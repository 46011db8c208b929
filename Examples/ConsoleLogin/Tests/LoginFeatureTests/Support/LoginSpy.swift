import LoginFeature
import PureMVVM
import PureMVVMTesting

/// The login screen's spy: reloads come from `DelegateSpy`; alerts and navigation are recorded as events.
@MainActor
final class LoginSpy: LoginViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case alert(AlertContent<Never>)
        case home(User)
    }

    let recorder = DelegateRecorder<LoginOutputs, Event>()
    func showAlert(_ alert: AlertContent<Never>) { recorder.record(.alert(alert)) }
    func moveToHomeScreen(for user: User) { recorder.record(.home(user)) }
}
