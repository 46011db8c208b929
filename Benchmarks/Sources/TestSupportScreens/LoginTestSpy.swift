internal import LoginFeature
internal import PureMVVM
internal import PureMVVMTesting

/// The login screen's spy, as `Examples/ConsoleLogin/Tests/LoginFeatureTests/Support/LoginSpy.swift` writes it: reloads
/// come from `DelegateSpy`, alerts and navigation are recorded as events.
@MainActor
final class LoginTestSpy: LoginViewModelDelegate, DelegateSpy {
    enum Event: Equatable, Sendable {
        case alert(AlertContent<Never>)
        case home(User)
    }

    let recorder = DelegateRecorder<LoginOutputs, Event>()
    func showAlert(_ alert: AlertContent<Never>) { recorder.record(.alert(alert)) }
    func moveToHomeScreen(for user: User) { recorder.record(.home(user)) }
}
