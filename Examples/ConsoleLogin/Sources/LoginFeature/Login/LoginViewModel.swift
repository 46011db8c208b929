public import PureMVVM

/// The seed article's login screen on the toolkit: borders that turn invalid under 6 characters, a login button
/// enabled only when both fields pass, a loading state while signing in, then navigation or an alert.
///
/// Failed sign-ins follow a ``LoginFailurePolicy``: after wrong credentials the screen keeps loading for a delay
/// that grows with each failure, then alerts; when the limit is reached, ``LoginOutputs/isLockedOut`` turns on and
/// login stays disabled, so the view ends the session.
///
/// ```swift
/// let viewModel = LoginViewModel(authenticator: accounts)
/// viewModel.delegate = loginView          // held weakly
/// viewModel.usernameDidChange("dimsky")   // the view forwards its events…
/// viewModel.passwordDidChange("balabala")
/// viewModel.outputs.isLoginEnabled        // …and reads the outputs in reloadViews: true
/// viewModel.login()                       // later: moveToHomeScreen(for:) or showAlert(_:)
/// ```
@MainActor
public final class LoginViewModel: ViewModel {
    /// The login view; held weakly, so the ViewModel never keeps its view alive.
    public weak var delegate: (any LoginViewModelDelegate)?

    /// Everything the login screen shows right now.
    public var outputs: LoginOutputs { store.outputs }

    private let store = OutputStore(LoginOutputs())
    private let authenticator: any Authenticator
    private let alerts: LoginAlerts
    private let clock: any Clock<Duration>
    private var attempts: LoginAttempts
    private var username: ValidatedField
    private var password: ValidatedField
    /// The sign-in in flight: one at a time, cancelled if the screen is freed first.
    private let signIn = InFlightTask<User, AuthenticationError>(overlap: .refuse)

    /// Creates an untouched login screen.
    ///
    /// - Parameters:
    ///   - authenticator: Checks the credentials when the user logs in.
    ///   - rules: The fields' rules; ``LoginRules/standard`` by default.
    ///   - alerts: The alerts' words; English by default, as the standard rules' messages.
    ///   - policy: When borders start showing; after the first edit by default, as in the seed.
    ///   - failurePolicy: The delays after failed sign-ins and the limit that ends the session;
    ///     ``LoginFailurePolicy/standard`` (three attempts, waiting 1, 2 and 4 seconds) by default.
    ///   - clock: The clock the delays are measured on; tests pass a manual clock.
    public init(
        authenticator: any Authenticator,
        rules: LoginRules = .standard,
        alerts: LoginAlerts = .english,
        policy: BorderPolicy = .afterFirstEdit,
        failurePolicy: LoginFailurePolicy = .standard,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.authenticator = authenticator
        self.alerts = alerts
        self.clock = clock
        attempts = LoginAttempts(policy: failurePolicy)
        username = ValidatedField(rule: rules.username, policy: policy)
        password = ValidatedField(rule: rules.password, policy: policy)
    }

    // MARK: Inputs

    /// The username field's text changed.
    ///
    /// - Parameter text: The field's whole text; `nil` counts as an edit to empty text.
    public func usernameDidChange(_ text: String?) {
        username.edit(text)
        reloadFields()
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text; `nil` counts as an edit to empty text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        reloadFields()
    }

    /// The user left the username field; under ``BorderPolicy/afterLeaving`` its border now shows.
    public func usernameDidEndEditing() {
        username.endEditing()
        reloadFields()
    }

    /// The user left the password field; under ``BorderPolicy/afterLeaving`` its border now shows.
    public func passwordDidEndEditing() {
        password.endEditing()
        reloadFields()
    }

    /// The login button was pressed.
    ///
    /// Does nothing unless login is enabled (both fields valid, no sign-in running, attempts left). Otherwise
    /// shows loading (one reload), asks the authenticator, and after wrong credentials waits the failure policy's
    /// delay on the clock; then hides loading (one reload, which also turns on ``LoginOutputs/isLockedOut`` when
    /// that failure was the last allowed) and moves to the home screen or shows an alert. A failed attempt also
    /// forgets the password: its field is untouched again (``LoginOutputs/passwordBorder`` neutral, login disabled),
    /// so the view clears it and the user types it again. After a successful one the app leaves this screen and
    /// discards the ViewModel with the password. If the ViewModel is freed first, the sign-in is cancelled and
    /// nothing is sent.
    public func login() {
        guard outputs.isLoginEnabled, !signIn.isRunning, let name = username.value, let secret = password.value
        else { return }
        store.update(notifying: delegate) { outputs in
            outputs.isLoading = true
            outputs.isLoginEnabled = false
        }
        signIn.start { [weak self, authenticator, clock] () async throws(AuthenticationError) -> User in
            let result = await authenticator.signIn(username: name, password: secret, clock: clock) {
                self?.attempts.recordFailure()
            }
            // `nil` only when the screen is gone or the delay was cancelled: the task was cancelled, and its
            // outcome never reaches `then`.
            return try (result ?? .failure(.cancelled)).get()
        } then: { [weak self] result in
            self?.loginDidFinish(result)
        }
    }

    // MARK: Private

    /// Shows both fields and the login button as they are now: one update, one reload naming what changed.
    private func reloadFields() {
        store.update(notifying: delegate) { outputs in
            outputs.usernameBorder = username.border
            outputs.passwordBorder = password.border
            outputs.isLoginEnabled =
                username.isValid && password.isValid && !outputs.isLoading && !outputs.isLockedOut
        }
    }

    private func loginDidFinish(_ result: Result<User, AuthenticationError>) {
        let isLockedOut = attempts.isExhausted
        if case .failure = result {
            // The password lives no longer than its attempt: the field is untouched again, and the view clears it.
            password.reset()
        }
        store.update(notifying: delegate) { outputs in
            outputs.isLoading = false
            outputs.isLockedOut = isLockedOut
            outputs.passwordBorder = password.border
            outputs.isLoginEnabled = username.isValid && password.isValid && !isLockedOut
        }
        switch result {
        case .success(let user):
            delegate?.moveToHomeScreen(for: user)
        case .failure(let error):
            let alert = isLockedOut ? alerts.noAttemptsLeft : alerts.alert(for: error)
            guard let alert else { return }
            delegate?.showAlert(alert)
        }
    }
}
