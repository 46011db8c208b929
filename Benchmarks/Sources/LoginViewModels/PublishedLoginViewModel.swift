public import OpenCombine
public import PureMVVM

/// The login screen the reactive way, with OpenCombine: `@Published` outputs that the view subscribes to with
/// `sink`, one subscription per output.
///
/// Setting a `@Published` property sends its new value to every subscriber at once, so an input that changes two
/// outputs draws twice.
@MainActor
public final class PublishedLoginViewModel {
    /// The username field's border.
    @Published public private(set) var usernameBorder: BorderState = .neutral
    /// The password field's border.
    @Published public private(set) var passwordBorder: BorderState = .neutral
    /// Whether the login button can be pressed.
    @Published public private(set) var isLoginEnabled = false
    /// Whether a sign-in is running.
    @Published public private(set) var isLoading = false
    /// Whether too many failed sign-ins ended the session.
    @Published public private(set) var isLockedOut = false

    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))

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
