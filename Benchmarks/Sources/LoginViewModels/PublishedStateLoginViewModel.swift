public import OpenCombine
internal import PureMVVM

/// The login screen the other common `@Published` way: one `@Published` state value, which the view subscribes to
/// with one `sink`, drawing every output each time it is sent.
@MainActor
public final class PublishedStateLoginViewModel {
    /// Everything the login screen shows.
    @Published public private(set) var state = LoginState()

    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))

    /// Creates an untouched login screen.
    public init() {}

    /// The username field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func usernameDidChange(_ text: String?) {
        username.edit(text)
        var next = state
        next.usernameBorder = username.border
        next.isLoginEnabled = username.isValid && password.isValid && !next.isLoading && !next.isLockedOut
        state = next
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        var next = state
        next.passwordBorder = password.border
        next.isLoginEnabled = username.isValid && password.isValid && !next.isLoading && !next.isLockedOut
        state = next
    }
}
