internal import BenchKit
internal import PureMVVM

/// The view of the tutorial's row: the seed login's `LoginViewModel` exactly as the tutorial "Build the seed login,
/// test first" ends it (this target's other files are links to `Tutorials/SeedLogin`, the last section that changes each file), redrawing what
/// the change set names. As in the tutorial, the view is in the ViewModel's module.
@MainActor
final class TutorialLoginView: LoginViewModelDelegate, EventWorkload {
    private let viewModel = LoginViewModel(authenticator: NoAuthenticator())
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

/// The benchmark never signs in; the tutorial's ViewModel needs an authenticator all the same.
private struct NoAuthenticator: Authenticator {
    func signIn(username: String, password: String) async throws(SignInError) -> User {
        throw .wrongCredentials
    }
}

extension ChangeSet {
    /// Every output, for the view's first full draw.
    fileprivate static var all: ChangeSet {
        ChangeSet(Field.allCases)
    }
}
