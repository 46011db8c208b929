/// The fields of a console form, in the order they are asked for.
///
/// ```swift
/// enum LoginField: ConsoleFormField {
///     case username, password
///     var label: String { self == .username ? "Username" : "Password" }
///     var isSecure: Bool { self == .password }
/// }
/// ```
public protocol ConsoleFormField: CaseIterable, Hashable, Sendable where AllCases: RandomAccessCollection {
    /// The name shown in the prompt and in status lines, such as "Username".
    var label: String { get }
    /// Whether the field is secret: read with echo off, its text never shown, kept or passed anywhere but the
    /// form's delegate.
    var isSecure: Bool { get }
}
