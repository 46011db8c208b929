/// The login screen's two text fields, as every pattern in the gallery names them.
public enum LoginTextField: CaseIterable, Hashable, Sendable {
    /// The username field.
    case username
    /// The password field: its text is secret, handed on and never kept by the widgets or shown.
    case password
}
