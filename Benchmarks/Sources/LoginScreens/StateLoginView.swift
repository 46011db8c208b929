internal import BenchKit
internal import LoginViewModels
internal import PureMVVM

/// The view of the hand-written state row: `reloadViews()` reads the ViewModel's state once and redraws every
/// output, since it is not told which changed.
@MainActor
final class StateLoginView: HandWrittenLoginViewDelegate, EventWorkload {
    private let viewModel = StateLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        viewModel.delegate = self
        reloadViews()
        screen.startMeasuring()
    }

    func reloadViews() {
        let state = viewModel.state
        screen.usernameBorder = state.usernameBorder
        screen.passwordBorder = state.passwordBorder
        screen.isLoginEnabled = state.isLoginEnabled
        screen.isLoading = state.isLoading
        screen.isLockedOut = state.isLockedOut
        screen.didRender()
    }

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(events.next())
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}
