public import PureMVVM

/// What the sign-up screen shows: three bordered text fields (email, password, its confirmation), the terms
/// check box, the sign-up button and a loading indicator.
public struct SignupOutputs: ViewOutputs {
    /// The email field's border; it also shows the service's "already registered" until the email is edited.
    public var emailBorder: BorderState = .neutral
    /// The password field's border.
    public var passwordBorder: BorderState = .neutral
    /// The confirmation field's border: neutral until it is edited, then re-checked whenever the password changes.
    public var confirmationBorder: BorderState = .neutral
    /// The terms check box's border: neutral until it is changed, invalid while the terms are not accepted.
    public var termsBorder: BorderState = .neutral
    /// Whether the sign-up button can be pressed: every field valid, the terms accepted, no sign-up running.
    public var isSignUpEnabled = false
    /// Whether a sign-up is running.
    public var isLoading = false

    /// Creates the outputs of an untouched sign-up screen.
    public init() {}

    /// The sign-up screen's outputs, by name.
    public enum Field: Int, OutputField, CaseIterable {
        /// ``SignupOutputs/emailBorder``.
        case emailBorder
        /// ``SignupOutputs/passwordBorder``.
        case passwordBorder
        /// ``SignupOutputs/confirmationBorder``.
        case confirmationBorder
        /// ``SignupOutputs/termsBorder``.
        case termsBorder
        /// ``SignupOutputs/isSignUpEnabled``.
        case isSignUpEnabled
        /// ``SignupOutputs/isLoading``.
        case isLoading
    }

    /// Tells whether one output differs from an earlier snapshot.
    ///
    /// - Parameters:
    ///   - field: The output to compare.
    ///   - old: The earlier snapshot.
    /// - Returns: `true` when the output changed.
    public func hasChanged(_ field: Field, since old: SignupOutputs) -> Bool {
        switch field {
        case .emailBorder: emailBorder != old.emailBorder
        case .passwordBorder: passwordBorder != old.passwordBorder
        case .confirmationBorder: confirmationBorder != old.confirmationBorder
        case .termsBorder: termsBorder != old.termsBorder
        case .isSignUpEnabled: isSignUpEnabled != old.isSignUpEnabled
        case .isLoading: isLoading != old.isLoading
        }
    }
}
