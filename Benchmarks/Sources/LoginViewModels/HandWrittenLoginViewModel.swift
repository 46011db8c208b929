public import PureMVVM

/// The login screen as a careful developer writes it without the toolkit, as in the seed article: stored
/// read-only outputs, a `weak` delegate, and one `reloadViews()` after every input, with no change set.
///
/// It validates with the same `ValidatedField` and rule as every other variant, so the rows differ only in how
/// the outputs reach the view.
@MainActor
public final class HandWrittenLoginViewModel {
    /// The login view; held weakly.
    public weak var delegate: (any HandWrittenLoginViewDelegate)?

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
        delegate?.reloadViews()
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        passwordBorder = password.border
        isLoginEnabled = username.isValid && password.isValid && !isLoading && !isLockedOut
        delegate?.reloadViews()
    }
}
