internal import BenchKit
internal import LoginFeature
internal import Observation
internal import PureMVVM
internal import PureMVVMObservation

/// The view of the adapter row: LoginFeature's `LoginViewModel` shown through `PureMVVMObservation`'s
/// `ObservedScreen`, as a SwiftUI view would read it. It renders inside `withObservationTracking`, is told once when
/// an output it read is about to change, and renders again at the end of the event, as the Observation row does.
@MainActor
final class AdapterLoginView: EventWorkload {
    private let screen = LoginAdapterScreen(LoginViewModel(authenticator: NoAuthenticator(), rules: .seed))
    private let drawing = LoginScreen()
    private var events = LoginEvents()
    private var needsRender = false

    init() {
        screen.viewModel.passwordDidChange(LoginEvents.password)
        render()
        drawing.startMeasuring()
    }

    func run(events count: Int) {
        for _ in 0..<count {
            screen.viewModel.usernameDidChange(events.next())
            renderIfNeeded()
            drawing.endFrame()
        }
    }

    var outcome: Outcome { drawing.outcome }

    private func renderIfNeeded() {
        guard needsRender else { return }
        needsRender = false
        render()
    }

    private func render() {
        withObservationTracking {
            drawing.usernameBorder = screen.usernameBorder
            drawing.passwordBorder = screen.passwordBorder
            drawing.isLoginEnabled = screen.isLoginEnabled
            drawing.isLoading = screen.isLoading
            drawing.isLockedOut = screen.isLockedOut
            drawing.didRender()
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.needsRender = true }
        }
    }
}

/// The login screen through the adapter; the benchmark never signs in.
@MainActor
private final class LoginAdapterScreen: ObservedScreen<LoginViewModel, Never, Never>, LoginNavigating {
    func showAlert(_ alert: AlertContent<Never>) {}
    func moveToHomeScreen(for user: User) {}
}
