internal import ConsoleView
internal import LoginFeature

/// One way of writing the login screen, wired to the console form: it is the form's delegate, drives its own
/// screen logic (a ViewModel, a presenter, a reducer…), and updates the form.
///
/// The session keeps the screen alive while the form runs and reads ``outcome`` afterwards. Every screen shows
/// the same things through the form, with ``LoginConsoleWords`` and ``LoginAlerts``, so they all produce the same
/// transcripts.
@MainActor
protocol LoginScreen: AnyObject {
    /// How the session ended, once it has: signed in, or out of attempts; `nil` otherwise.
    var outcome: LoginOutcome? { get }
}

/// How a login session ended.
enum LoginOutcome: Equatable {
    /// The user signed in; the welcome screen is shown.
    case signedIn(User)
    /// The failure policy's last attempt failed.
    case lockedOut
}

/// What a login screen needs from the composition root.
struct LoginDependencies {
    /// Checks credentials.
    var authenticator: any Authenticator
    /// The form's validation rules.
    var rules: LoginRules = .standard
    /// The delays after failures and the attempt limit.
    var failurePolicy: LoginFailurePolicy = .standard
    /// The clock the delays run on.
    var clock: any Clock<Duration> = ContinuousClock()
}

/// Makes a login screen for a form: it must make itself the form's delegate.
typealias LoginScreenFactory = @MainActor (ConsoleForm<LoginField>, LoginDependencies) -> any LoginScreen
