import ConsoleView

/// Runs the login screen at this process's terminal until someone signs in, the user
/// quits, or the input ends. The module's one public name: the executable is another
/// module.
///
/// - Returns: Whether someone signed in.
@MainActor
@discardableResult
public func runLoginScreen() async -> Bool {
    let terminal = SystemTerminal()
    let viewModel = LoginViewModel(authenticator: DemoAuthenticator())
    let view = LoginConsoleView(viewModel: viewModel, output: terminal)
    terminal.write("Sign in as dimsky / balabala. Type :help at a prompt for commands.\n")
    _ = await view.form.run(reading: terminal)
    return view.signedInUser != nil
}
