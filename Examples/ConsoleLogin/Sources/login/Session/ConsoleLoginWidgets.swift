internal import ConsoleView
internal import Gallery
internal import LoginFeature
internal import PureMVVM

/// The gallery's login widgets on the console form: the one bridge between the seven patterns and
/// `ConsoleView`. It draws what a pattern asks on the form, with ``LoginConsoleWords``, forwards the form's
/// events to the pattern, and remembers how the screen ended, for the session.
///
/// Like a UI run loop, it redraws once after each event is handled: whatever a pattern changes while handling
/// an event shows together, in the form's order.
@MainActor
final class ConsoleLoginWidgets: LoginWidgets, ConsoleFormDelegate {
    /// The pattern's object that hears the user; held weakly (the session keeps the screen alive).
    weak var delegate: (any LoginWidgetsDelegate)?
    /// How the screen ended, once it has: signed in, out of attempts, or refused; `nil` otherwise.
    private(set) var outcome: LoginOutcome?
    /// Whether the account service refused the account: the next alert is the pattern's report of it, and the
    /// screen closes after showing it (see ``RefusalEndsSession``).
    private var isClosingAfterAlert = false
    private let form: ConsoleForm<LoginField>
    private let words: LoginConsoleWords
    private let alerts: LoginAlerts

    /// Creates the widgets on a form and makes them the form's delegate.
    ///
    /// - Parameters:
    ///   - form: The console form the login is asked on.
    ///   - language: The language of the busy line, the welcome and the account service's notices.
    init(form: ConsoleForm<LoginField>, language: Language) {
        self.form = form
        words = LoginConsoleWords(language: language)
        alerts = LoginAlerts(language: language)
        form.delegate = self
    }

    // MARK: LoginWidgets

    func setBorder(_ border: BorderState, of field: LoginTextField) {
        form.setBorder(border, of: LoginField(field))
    }

    func setLoginEnabled(_ isEnabled: Bool) {
        form.setActionEnabled(isEnabled)
    }

    func setLoading(_ isLoading: Bool) {
        form.setBusy(isLoading ? words.busy : nil)
    }

    func showAlert(_ alert: AlertContent<Never>) {
        form.showAlert(alert)
        if isClosingAfterAlert {
            outcome = .refused
            form.close()
        }
    }

    /// The account service refused the account (expired, locked): the pattern's alert comes next, then the
    /// screen closes.
    func accountWasRefused() {
        isClosingAfterAlert = true
    }

    func update(_ changes: () -> Void) {
        form.update(changes)
    }

    func showHomeScreen(for user: User) {
        outcome = .signedIn(user)
        // What the account service told the user while signing in (PAM's messages), sanitised as every alert.
        for message in user.messages { form.showAlert(alerts.alert(for: message)) }
        form.showMessage(words.welcome(user), tone: .success)
        form.close()
    }

    func endSession() {
        outcome = .lockedOut
        form.close()
    }

    // MARK: ConsoleFormDelegate

    func form(_ form: ConsoleForm<LoginField>, didEnter text: String, in field: LoginField) {
        delegate?.widgets(self, didEnter: text, in: field.textField)
    }

    func formDidSubmit(_ form: ConsoleForm<LoginField>) {
        form.update { delegate?.widgetsDidSubmit(self) }  // the form already batches what entering text changes
    }
}
