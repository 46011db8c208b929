internal import BenchKit
internal import LoginViewModels
internal import OpenCombine
internal import PureMVVM

/// The view of the OpenCombine pipeline row: one `sink` on the ViewModel's combined state, drawing every widget.
@MainActor
final class PipelineLoginView: EventWorkload {
    private let viewModel = PipelineLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()
    private var subscription: AnyCancellable?

    init() {
        let screen = self.screen
        subscription = viewModel.state.sink { state in
            screen.usernameBorder = state.usernameBorder
            screen.passwordBorder = state.passwordBorder
            screen.isLoginEnabled = state.isLoginEnabled
            screen.isLoading = state.isLoading
            screen.isLockedOut = state.isLockedOut
            screen.didRender()
        }
        viewModel.passwordDidChange(LoginEvents.password)
        screen.startMeasuring()
    }

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(events.next())
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}
