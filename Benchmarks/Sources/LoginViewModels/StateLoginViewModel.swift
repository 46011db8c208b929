internal import PureMVVM

/// The strongest hand-written login ViewModel: every output in one `LoginState` value, a `weak` delegate, and one
/// `reloadViews()` after every input, after which the view reads the state once and draws it.
///
/// Compared with the seed article's style (``HandWrittenLoginViewModel``, five `public private(set)` properties
/// that the view reads one by one, each read a call across the module boundary with a run-time exclusivity
/// check), the view pays one read per reload.
@MainActor
public final class StateLoginViewModel {
    /// The login view; held weakly.
    public weak var delegate: (any HandWrittenLoginViewDelegate)?

    /// Everything the login screen shows.
    public private(set) var state = LoginState()

    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))

    /// Creates an untouched login screen.
    public init() {}

    /// The username field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func usernameDidChange(_ text: String?) {
        username.edit(text)
        state.usernameBorder = username.border
        state.isLoginEnabled = username.isValid && password.isValid && !state.isLoading && !state.isLockedOut
        delegate?.reloadViews()
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        state.passwordBorder = password.border
        state.isLoginEnabled = username.isValid && password.isValid && !state.isLoading && !state.isLockedOut
        delegate?.reloadViews()
    }
}
