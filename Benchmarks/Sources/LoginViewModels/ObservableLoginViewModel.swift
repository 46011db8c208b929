public import Observation
public import PureMVVM

/// The login screen with Swift's Observation: `@Observable` outputs that a view reads inside
/// `withObservationTracking`, which tells it once when any output it read is about to change.
@MainActor
@Observable
public final class ObservableLoginViewModel {
    /// The username field's border.
    public private(set) var usernameBorder: BorderState = .neutral
    /// The password field's border.
    public private(set) var passwordBorder: BorderState = .neutral
    /// Whether the login button can be pressed.
    public private(set) var isLoginEnabled = false
    /// Whether a sign-in is running.
    public private(set) var isLoading = false
    /// Whether too many failed sign-ins ended the session.
    public private(set) var isLockedOut = false

    @ObservationIgnored private var username = ValidatedField(rule: .minimumLength(6))
    @ObservationIgnored private var password = ValidatedField(rule: .minimumLength(6))

    /// Creates an untouched login screen.
    public init() {}

    /// The username field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func usernameDidChange(_ text: String?) {
        username.edit(text)
        usernameBorder = username.border
        isLoginEnabled = username.isValid && password.isValid && !isLoading && !isLockedOut
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        passwordBorder = password.border
        isLoginEnabled = username.isValid && password.isValid && !isLoading && !isLockedOut
    }
}
