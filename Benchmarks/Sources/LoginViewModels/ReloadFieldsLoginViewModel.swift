internal import PureMVVM

/// The lean hand-written login ViewModel in the tutorial's shape: every input edits its field and calls one
/// `reloadFields()`, which compares the three outputs it assigns (both borders and the button), stores those that
/// changed and hands a weak delegate a bitmask of them with the state. What the toolkit's row does, written by
/// hand: the yardstick for `OutputStore`'s own cost, apart from the shape of the ViewModel.
@MainActor
public final class ReloadFieldsLoginViewModel {
    /// The login view; held weakly.
    public weak var delegate: (any LeanLoginViewDelegate)?

    /// Everything the login screen shows.
    public var state: LoginState { storage }

    @exclusivity(unchecked) private var storage = LoginState()
    private var username = ValidatedField(rule: .minimumLength(6))
    private var password = ValidatedField(rule: .minimumLength(6))

    /// Creates an untouched login screen.
    public init() {}

    /// The username field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func usernameDidChange(_ text: String?) {
        username.edit(text)
        reloadFields()
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        reloadFields()
    }

    private func reloadFields() {
        var changes: LoginChanges = []
        let usernameBorder = username.border
        if usernameBorder != storage.usernameBorder {
            storage.usernameBorder = usernameBorder
            changes.insert(.usernameBorder)
        }
        let passwordBorder = password.border
        if passwordBorder != storage.passwordBorder {
            storage.passwordBorder = passwordBorder
            changes.insert(.passwordBorder)
        }
        let isEnabled = username.isValid && password.isValid && !storage.isLoading && !storage.isLockedOut
        if isEnabled != storage.isLoginEnabled {
            storage.isLoginEnabled = isEnabled
            changes.insert(.isLoginEnabled)
        }
        if !changes.isEmpty { delegate?.reloadViews(changes, state: storage) }
    }
}
