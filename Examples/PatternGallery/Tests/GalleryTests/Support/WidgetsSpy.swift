import Gallery
import LoginFeature
import PureMVVM

/// Fake login widgets: they show what a screen sets, record every call in order, and play the user (typing in a
/// field, pressing the button only while it is enabled, as the console does). A test can wait until they show
/// something, with a bound instead of a sleep.
@MainActor
final class WidgetsSpy: LoginWidgets {
    enum Call: Equatable {
        case border(LoginTextField, BorderState)
        case loginEnabled(Bool)
        case loading(Bool)
        case alert(AlertContent<Never>)
        case home(User)
        case endSession
    }

    weak var delegate: (any LoginWidgetsDelegate)?
    let log = CallLog<Call>()
    var calls: [Call] { log.calls }
    private(set) var borders: [LoginTextField: BorderState] = [:]
    private(set) var isLoginEnabled = false
    private(set) var isLoading = false
    private(set) var alerts: [AlertContent<Never>] = []
    private(set) var signedIn: User?
    private(set) var isSessionEnded = false

    func border(of field: LoginTextField) -> BorderState { borders[field] ?? .neutral }

    // MARK: The user

    /// Types a field's text and presses Enter.
    func enter(_ text: String, in field: LoginTextField) {
        delegate?.widgets(self, didEnter: text, in: field)
    }

    /// Presses the login button, if it is enabled and nothing is loading.
    ///
    /// - Returns: Whether the press reached the screen.
    @discardableResult
    func pressLogin() -> Bool {
        guard isLoginEnabled, !isLoading else { return false }
        delegate?.widgetsDidSubmit(self)
        return true
    }

    /// Waits until a condition holds, checking after each call; fails after the bound instead of hanging.
    func waitUntil(
        _ awaited: String, timeout: Duration = .seconds(5), _ condition: (WidgetsSpy) -> Bool
    ) async throws {
        try await log.waitUntil(awaited, timeout: timeout) { condition(self) }
    }

    // MARK: LoginWidgets

    func setBorder(_ border: BorderState, of field: LoginTextField) {
        borders[field] = border
        record(.border(field, border))
    }

    func setLoginEnabled(_ isEnabled: Bool) {
        isLoginEnabled = isEnabled
        record(.loginEnabled(isEnabled))
    }

    func setLoading(_ isLoading: Bool) {
        self.isLoading = isLoading
        record(.loading(isLoading))
    }

    func showAlert(_ alert: AlertContent<Never>) {
        alerts.append(alert)
        record(.alert(alert))
    }

    func update(_ changes: () -> Void) {
        changes()
    }

    func showHomeScreen(for user: User) {
        signedIn = user
        record(.home(user))
    }

    func endSession() {
        isSessionEnded = true
        record(.endSession)
    }

    // MARK: Private

    private func record(_ call: Call) {
        log.append(call)
    }
}
