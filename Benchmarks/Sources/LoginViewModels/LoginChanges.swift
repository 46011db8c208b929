/// Which outputs of the login screen changed, one bit each: what the lean hand-written ViewModels pass their view.
public struct LoginChanges: OptionSet, Sendable {
    /// One bit per output, in the order of `LoginState`'s properties.
    public let rawValue: UInt8

    /// Creates a set from its bits.
    ///
    /// - Parameter rawValue: One bit per output.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The username field's border.
    public static let usernameBorder = LoginChanges(rawValue: 1 << 0)
    /// The password field's border.
    public static let passwordBorder = LoginChanges(rawValue: 1 << 1)
    /// The login button.
    public static let isLoginEnabled = LoginChanges(rawValue: 1 << 2)
    /// The loading indicator.
    public static let isLoading = LoginChanges(rawValue: 1 << 3)
    /// The end of the session.
    public static let isLockedOut = LoginChanges(rawValue: 1 << 4)
}

extension LoginChanges {
    /// Every output, for a view's first full draw.
    public static let all: LoginChanges = [.usernameBorder, .passwordBorder, .isLoginEnabled, .isLoading, .isLockedOut]
}
