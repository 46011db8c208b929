/// A form's text fields, kept as one value: a confirmation field follows the field it confirms, a field can show
/// a server's error until it is edited again, and the form answers whether everything is valid.
///
/// ```swift
/// enum SignupField: Hashable, Sendable { case email, password, confirmation }
///
/// private var form = ValidatedForm<SignupField>(
///     [
///         .email: ValidatedField(
///             rule: .firstFailure(of: [.required, .email()]),
///             whitespace: .trim),
///         .password: ValidatedField(rule: .minimumLength(8)),
///         .confirmation: ValidatedField(rule: .confirmation()),
///     ],
///     confirming: [.confirmation: .password]  // follows the password
/// )
///
/// func passwordDidChange(_ text: String?) {
///     form.edit(.password, to: text)  // re-checks an edited confirmation too
///     store.update(notifying: delegate) { outputs in
///         outputs.passwordBorder = form.border(of: .password)
///         outputs.confirmationBorder = form.border(of: .confirmation)
///         outputs.isSignUpEnabled = form.isValid
///     }
/// }
///
/// // After the server answered "taken": shown until the user edits the email.
/// form.setExternalError("This email is already registered.", on: .email)
/// ```
///
/// Asking for a field the form was not created with is a programming error and stops the program with a
/// message naming the field.
public struct ValidatedForm<Field: Hashable & Sendable>: Sendable {
    private var fields: [Field: ValidatedField]
    /// Each confirmation field, with the field it confirms.
    private let sources: [Field: Field]

    /// Creates a form of untouched fields.
    ///
    /// - Parameters:
    ///   - fields: Every field, with its rule and policies.
    ///   - confirmations: Each confirmation field, with the field it confirms: whenever the source's value
    ///     changes, the confirmation is checked against it. An untouched confirmation stays neutral.
    /// - Precondition: Both ends of every confirmation are fields of the form, a field does not confirm itself or
    ///   a confirmation, and a confirmation's rule contains ``ValidationRule/confirmation(message:)``.
    public init(_ fields: [Field: ValidatedField], confirming confirmations: [Field: Field] = [:]) {
        for (confirmation, source) in confirmations {
            precondition(
                fields[source] != nil, "ValidatedForm: \(confirmation) confirms \(source), which is not a field")
            precondition(
                confirmations[source] == nil, "ValidatedForm: \(confirmation) confirms \(source), a confirmation")
            guard let field = fields[confirmation] else {
                preconditionFailure("ValidatedForm: the confirmation \(confirmation) is not a field")
            }
            precondition(
                field.rule.confirms,
                "ValidatedForm: \(confirmation) confirms \(source) but its rule has no .confirmation(); add one")
        }
        self.fields = fields
        sources = confirmations
        for (confirmation, source) in confirmations {
            self.fields[confirmation]?.confirmedText = fields[source]?.value
        }
    }

    /// One field, to read its ``ValidatedField/text``, ``ValidatedField/value`` or ``ValidatedField/failures``.
    ///
    /// - Parameter field: The field.
    public subscript(field: Field) -> ValidatedField {
        guard let state = fields[field] else { preconditionFailure("ValidatedForm has no field \(field)") }
        return state
    }

    /// The border a field shows.
    ///
    /// - Parameter field: The field.
    /// - Returns: Its ``ValidatedField/border``.
    public func border(of field: Field) -> BorderState {
        self[field].border
    }

    /// The text a field's rules saw, after its ``WhitespacePolicy``: submit this one.
    ///
    /// - Parameter field: The field.
    /// - Returns: Its ``ValidatedField/value``.
    public func value(of field: Field) -> String? {
        self[field].value
    }

    /// Whether every field passes its rule and none shows an external error: the submit button's state.
    public var isValid: Bool {
        fields.values.allSatisfy(\.isValid)
    }

    /// Records an edit of a field: clears its external error, re-checks it, and re-checks the fields that confirm
    /// it.
    ///
    /// - Parameters:
    ///   - field: The field the user edited.
    ///   - text: Its whole text after the edit; `nil` counts as an edit to empty text.
    public mutating func edit(_ field: Field, to text: String?) {
        update(field) { $0.edit(text) }
    }

    /// Records that the user left a field, which shows its state under ``BorderPolicy/afterLeaving``.
    ///
    /// - Parameter field: The field the user left.
    public mutating func endEditing(_ field: Field) {
        update(field) { $0.endEditing() }
    }

    /// Shows an error from outside the rules on a field, such as the server's answer after a submit: the field
    /// shows `.invalid([message])` and the form is not valid until the user edits that field (or the error is
    /// set to `nil`). Editing another field, even the one it confirms, keeps it.
    ///
    /// - Parameters:
    ///   - message: The error, or `nil` to clear it.
    ///   - field: The field it is about.
    public mutating func setExternalError(_ message: String?, on field: Field) {
        update(field) { $0.externalError = message }
    }

    /// Forgets a field's text, history and external error; the fields that confirm it follow.
    ///
    /// - Parameter field: The field to reset.
    public mutating func reset(_ field: Field) {
        update(field) { $0.reset() }
    }

    private mutating func update(_ field: Field, _ change: (inout ValidatedField) -> Void) {
        guard var state = fields[field] else { preconditionFailure("ValidatedForm has no field \(field)") }
        change(&state)
        fields[field] = state
        let value = state.value
        for (confirmation, source) in sources where source == field && fields[confirmation]?.confirmedText != value {
            fields[confirmation]?.confirmedText = value
        }
    }
}
