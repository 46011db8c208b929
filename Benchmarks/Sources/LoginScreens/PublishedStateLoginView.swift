internal import BenchKit
internal import LoginViewModels
internal import OpenCombine
internal import PureMVVM

/// The view of the OpenCombine `@Published` state row: one `sink` on the state, drawing every output.
@MainActor
final class PublishedStateLoginView: EventWorkload {
    private let viewModel = PublishedStateLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()
    private var subscription: AnyCancellable?

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        let screen = self.screen
        subscription = viewModel.$state.sink { state in
            screen.usernameBorder = state.usernameBorder
            screen.passwordBorder = state.passwordBorder
            screen.isLoginEnabled = state.isLoginEnabled
            screen.isLoading = state.isLoading
            screen.isLockedOut = state.isLockedOut
            screen.didRender()
        }
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
