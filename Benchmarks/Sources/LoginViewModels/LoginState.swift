public import PureMVVM

/// Everything the login screen shows, as one value: what the OpenCombine pipeline variant publishes.
public struct LoginState: Hashable, Sendable {
    /// The username field's border.
    public var usernameBorder: BorderState
    /// The password field's border.
    public var passwordBorder: BorderState
    /// Whether the login button can be pressed.
    public var isLoginEnabled: Bool
    /// Whether a sign-in is running.
    public var isLoading: Bool
    /// Whether too many failed sign-ins ended the session.
    public var isLockedOut: Bool
}
