internal import PureMVVM

/// The leanest hand-written login ViewModel: its outputs in one `LoginState`, and each input compares only the
/// outputs it can change, assigns those that did, and hands a weak delegate a bitmask of them with the state, so
/// the view redraws only what changed. No reload when nothing changed.
///
/// The state is `@exclusivity(unchecked)`, as the toolkit's `OutputStore` keeps its outputs: nothing else can
/// reach it while an input changes it, so the run-time exclusivity check could never fire.
@MainActor
public final class LeanLoginViewModel {
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
        var changes: LoginChanges = []
        let border = username.border
        if border != storage.usernameBorder {
            storage.usernameBorder = border
            changes.insert(.usernameBorder)
        }
        showLoginEnabled(username.isValid && password.isValid, in: &changes)
        if !changes.isEmpty { delegate?.reloadViews(changes, state: storage) }
    }

    /// The password field's text changed.
    ///
    /// - Parameter text: The field's whole text.
    public func passwordDidChange(_ text: String?) {
        password.edit(text)
        var changes: LoginChanges = []
        let border = password.border
        if border != storage.passwordBorder {
            storage.passwordBorder = border
            changes.insert(.passwordBorder)
        }
        showLoginEnabled(username.isValid && password.isValid, in: &changes)
        if !changes.isEmpty { delegate?.reloadViews(changes, state: storage) }
    }

    private func showLoginEnabled(_ areFieldsValid: Bool, in changes: inout LoginChanges) {
        let isEnabled = areFieldsValid && !storage.isLoading && !storage.isLockedOut
        if isEnabled != storage.isLoginEnabled {
            storage.isLoginEnabled = isEnabled
            changes.insert(.isLoginEnabled)
        }
    }
}
