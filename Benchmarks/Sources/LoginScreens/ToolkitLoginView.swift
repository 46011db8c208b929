internal import BenchKit
internal import LoginFeature
internal import PureMVVM

/// The view of the toolkit row, written as the README shows: it drives LoginFeature's real `LoginViewModel`
/// (another module, with the seed's rules) and redraws only the outputs the change set names, reading each by
/// name from the outputs the reload hands it.
@MainActor
final class ToolkitLoginView: LoginViewModelDelegate, EventWorkload {
    private let viewModel = LoginViewModel(authenticator: NoAuthenticator(), rules: .seed)
    private let screen = LoginScreen()
    private var events = LoginEvents()

    init() {
        viewModel.passwordDidChange(LoginEvents.password)
        viewModel.delegate = self
        reloadViews(.all, from: ReadOnlyOutputs(viewModel.outputs))
        screen.startMeasuring()
    }

    func reloadViews(_ changes: ChangeSet<LoginOutputs>, from outputs: ReadOnlyOutputs<LoginOutputs>) {
        if changes.contains(.usernameBorder) { screen.usernameBorder = outputs.usernameBorder }
        if changes.contains(.passwordBorder) { screen.passwordBorder = outputs.passwordBorder }
        if changes.contains(.isLoginEnabled) { screen.isLoginEnabled = outputs.isLoginEnabled }
        if changes.contains(.isLoading) { screen.isLoading = outputs.isLoading }
        if changes.contains(.isLockedOut) { screen.isLockedOut = outputs.isLockedOut }
        screen.didRender()
    }

    func showAlert(_ alert: AlertContent<Never>) {}

    func moveToHomeScreen(for user: User) {}

    func run(events count: Int) {
        for _ in 0..<count {
            viewModel.usernameDidChange(events.next())
            screen.endFrame()
        }
    }

    var outcome: Outcome { screen.outcome }
}

/// The benchmark never logs in; an authenticator is required by `LoginViewModel` all the same.
struct NoAuthenticator: Authenticator {
    func authenticate(username: String, password: String) async throws(AuthenticationError) -> User {
        throw .unavailable
    }
}
