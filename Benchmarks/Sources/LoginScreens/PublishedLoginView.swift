internal import BenchKit
internal import LoginViewModels
internal import OpenCombine
internal import PureMVVM

/// The view of the OpenCombine `@Published` row: one `sink` per output, each drawing its widget.
@MainActor
final class PublishedLoginView: EventWorkload {
    private let viewModel = PublishedLoginViewModel()
    private let screen = LoginScreen()
    private var events = LoginEvents()
    private var subscriptions: [AnyCancellable] = []

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        let screen = self.screen
        subscriptions = [
            viewModel.$usernameBorder.sink { border in
                screen.usernameBorder = border
                screen.didRender()
            },
            viewModel.$passwordBorder.sink { border in
                screen.passwordBorder = border
                screen.didRender()
            },
            viewModel.$isLoginEnabled.sink { isEnabled in
                screen.isLoginEnabled = isEnabled
                screen.didRender()
            },
            viewModel.$isLoading.sink { isLoading in
                screen.isLoading = isLoading
                screen.didRender()
            },
            viewModel.$isLockedOut.sink { isLockedOut in
                screen.isLockedOut = isLockedOut
                screen.didRender()
            },
        ]
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
