internal import BenchKit
internal import LoginViewModels
internal import Observation
internal import PureMVVM

/// The view of the Observation row: it renders inside `withObservationTracking`, is told once when an output
/// it read is about to change, and renders again (tracking anew) at the end of the event, as a UI framework
/// does at the end of a run-loop turn.
@MainActor
final class ObservationLoginView: EventWorkload {
    private let viewModel = ObservableLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()
    private var needsRender = false

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        render()
        screen.startMeasuring()
    }

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(events.next())
            renderIfNeeded()
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }

    private func renderIfNeeded() {
        guard needsRender else { return }
        needsRender = false
        render()
    }

    private func render() {
        withObservationTracking {
            screen.usernameBorder = viewModel.usernameBorder
            screen.passwordBorder = viewModel.passwordBorder
            screen.isLoginEnabled = viewModel.isLoginEnabled
            screen.isLoading = viewModel.isLoading
            screen.isLockedOut = viewModel.isLockedOut
            screen.didRender()
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.needsRender = true }
        }
    }
}
