public import PureMVVM

/// Everything the login screen shows, as one value: what the OpenCombine pipeline and the `@Published` state
/// variants publish, and what the hand-written state ViewModel keeps.
public struct LoginState: Hashable, Sendable {
    /// The username field's border.
    public var usernameBorder: BorderState = .neutral
    /// The password field's border.
    public var passwordBorder: BorderState = .neutral
    /// Whether the login button can be pressed.
    public var isLoginEnabled = false
    /// Whether a sign-in is running.
    public var isLoading = false
    /// Whether too many failed sign-ins ended the session.
    public var isLockedOut = false

    /// The state of an untouched login screen.
    public init() {}

    /// A state with every output given.
    ///
    /// - Parameters:
    ///   - usernameBorder: The username field's border.
    ///   - passwordBorder: The password field's border.
    ///   - isLoginEnabled: Whether the login button can be pressed.
    ///   - isLoading: Whether a sign-in is running.
    ///   - isLockedOut: Whether too many failed sign-ins ended the session.
    public init(
        usernameBorder: BorderState, passwordBorder: BorderState, isLoginEnabled: Bool, isLoading: Bool,
        isLockedOut: Bool
    ) {
        self.usernameBorder = usernameBorder
        self.passwordBorder = passwordBorder
        self.isLoginEnabled = isLoginEnabled
        self.isLoading = isLoading
        self.isLockedOut = isLockedOut
    }
}
