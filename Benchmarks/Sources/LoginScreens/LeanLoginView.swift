internal import BenchKit
internal import LoginViewModels
internal import PureMVVM

/// The view of the lean hand-written row: `reloadViews(_:state:)` redraws only the outputs the bitmask names,
/// reading them from the state it is handed.
@MainActor
final class LeanLoginView: LeanLoginViewDelegate, EventWorkload {
    private let viewModel = LeanLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        viewModel.delegate = self
        screen.show(.all, from: viewModel.state)
        screen.startMeasuring()
    }

    func reloadViews(_ changes: LoginChanges, state: LoginState) {
        screen.show(changes, from: state)
    }

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(events.next())
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}

/// The view of the hand-written row in the tutorial's shape, drawn as ``LeanLoginView`` draws.
@MainActor
final class ReloadFieldsLoginView: LeanLoginViewDelegate, EventWorkload {
    private let viewModel = ReloadFieldsLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        viewModel.delegate = self
        screen.show(.all, from: viewModel.state)
        screen.startMeasuring()
    }

    func reloadViews(_ changes: LoginChanges, state: LoginState) {
        screen.show(changes, from: state)
    }

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(events.next())
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}

extension LoginScreen {
    /// Redraws the outputs a bitmask names, from a state handed over, and counts one render.
    ///
    /// - Parameters:
    ///   - changes: The outputs to redraw.
    ///   - state: Every output.
    func show(_ changes: LoginChanges, from state: LoginState) {
        if changes.contains(.usernameBorder) { usernameBorder = state.usernameBorder }
        if changes.contains(.passwordBorder) { passwordBorder = state.passwordBorder }
        if changes.contains(.isLoginEnabled) { isLoginEnabled = state.isLoginEnabled }
        if changes.contains(.isLoading) { isLoading = state.isLoading }
        if changes.contains(.isLockedOut) { isLockedOut = state.isLockedOut }
        didRender()
    }
}
