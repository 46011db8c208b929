internal import BenchKit
internal import LoginViewModels
internal import PureMVVM

/// The view of the hand-written delegate row: `reloadViews()` redraws every output, since it is not told which
/// changed.
@MainActor
final class HandWrittenLoginView: HandWrittenLoginViewDelegate, EventWorkload {
    private let viewModel = HandWrittenLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        viewModel.delegate = self
        reloadViews()
        screen.startMeasuring()
    }

    func reloadViews() {
        screen.usernameBorder = viewModel.usernameBorder
        screen.passwordBorder = viewModel.passwordBorder
        screen.isLoginEnabled = viewModel.isLoginEnabled
        screen.isLoading = viewModel.isLoading
        screen.isLockedOut = viewModel.isLockedOut
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
