public import PureMVVM

/// What the login screen shows: two bordered text fields, a login button, a loading indicator, and whether the
/// session ended after too many failed attempts.
public struct LoginOutputs: ViewOutputs {
    /// The username field's border.
    public var usernameBorder: BorderState = .neutral
    /// The password field's border.
    public var passwordBorder: BorderState = .neutral
    /// Whether the login button can be pressed: both fields valid and no sign-in running.
    public var isLoginEnabled = false
    /// Whether a sign-in is running.
    public var isLoading = false
    /// Whether the failed attempts used up the ``LoginFailurePolicy``'s limit: login stays disabled and the view
    /// ends the session (the console exits with status 1).
    public var isLockedOut = false

    /// Creates the outputs of an untouched login screen.
    public init() {}

    /// The login screen's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``LoginOutputs/usernameBorder``.
        case usernameBorder
        /// ``LoginOutputs/passwordBorder``.
        case passwordBorder
        /// ``LoginOutputs/isLoginEnabled``.
        case isLoginEnabled
        /// ``LoginOutputs/isLoading``.
        case isLoading
        /// ``LoginOutputs/isLockedOut``.
        case isLockedOut
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: LoginOutputs) -> Bool {
        switch field {
        case .usernameBorder: usernameBorder != old.usernameBorder
        case .passwordBorder: passwordBorder != old.passwordBorder
        case .isLoginEnabled: isLoginEnabled != old.isLoginEnabled
        case .isLoading: isLoading != old.isLoading
        case .isLockedOut: isLockedOut != old.isLockedOut
        }
    }
}
