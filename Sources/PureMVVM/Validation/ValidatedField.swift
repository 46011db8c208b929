/// One text input with its rule: what was typed, whether it passes, and the border it shows.
///
/// A ViewModel keeps one per text field, feeds it the view's events, and copies ``border`` and ``isValid`` into
/// its outputs:
///
/// ```swift
/// private var username = ValidatedField(rule: .minimumLength(6))
///
/// func usernameDidChange(_ text: String?) {
///     username.edit(text)
///     store.update(notifying: delegate) {
///         $0.usernameBorder = username.border
///     }
/// }
/// ```
///
/// The validation state is kept up to date on every change, so reading it costs nothing.
public struct ValidatedField: Sendable {
    /// The rule the text must pass.
    public let rule: ValidationRule
    /// When the border starts showing valid or invalid.
    public let policy: BorderPolicy
    /// Whether the rule sees the text as typed or trimmed.
    public let whitespace: WhitespacePolicy

    /// The text as the view last reported it; `nil` until the first edit or when the view sent `nil`.
    public private(set) var text: String?
    /// The text the rule sees, after the ``WhitespacePolicy``: submit this one.
    public private(set) var value: String?
    /// Whether the view has reported any edit, even one to `nil`.
    public private(set) var isEdited = false
    /// Whether the user has left the field since it was created.
    public private(set) var hasBeenLeft = false
    /// For a ``ValidationRule/confirmation(message:)`` rule: the text of the field this one confirms. Setting it
    /// re-checks the rule, so a "repeat password" field follows changes to the password. ``ValidatedForm`` sets
    /// it for you.
    public var confirmedText: String? {
        didSet { revalidate() }
    }
    /// Every failure of the current text, in rule order; empty when it passes.
    public private(set) var failures: [String]
    /// An error from outside the rules, such as a server's "This email is already registered.": while it is set,
    /// the field is not valid and its border shows `.invalid([error])` (before any failures of the rule), whatever
    /// the ``policy``. The next ``edit(_:)`` clears it, as does ``reset()``.
    public var externalError: String?

    /// Creates an untouched field.
    ///
    /// - Parameters:
    ///   - rule: The rule the text must pass.
    ///   - policy: When the border starts showing the result; after the first edit by default, as in the seed.
    ///   - whitespace: Whether to trim surrounding whitespace before checking; kept by default.
    public init(
        rule: ValidationRule,
        policy: BorderPolicy = .afterFirstEdit,
        whitespace: WhitespacePolicy = .keep
    ) {
        self.rule = rule
        self.policy = policy
        self.whitespace = whitespace
        failures = rule.failures(for: nil)
    }

    /// Whether the text passes the rule and no ``externalError`` is set, shown or not; a login button's state
    /// comes from this.
    @inlinable
    public var isValid: Bool { failures.isEmpty && externalError == nil }

    /// The border to show: the ``externalError`` if one is set; otherwise neutral until the ``policy`` says to
    /// show, then valid or invalid with the messages.
    @inlinable
    public var border: BorderState {
        // Kept small, so a ViewModel's module inlines it and reads only the fields it needs, never copying the field.
        if externalError != nil { return externalErrorBorder }
        let shows =
            switch policy {
            case .afterFirstEdit: isEdited || hasBeenLeft
            case .afterLeaving: hasBeenLeft
            }
        guard shows else { return .neutral }
        return failures.isEmpty ? .valid : .invalid(failures)
    }

    /// The border while an ``externalError`` is set: the error, then the rule's failures.
    @usableFromInline
    var externalErrorBorder: BorderState {
        .invalid((externalError.map { [$0] } ?? []) + failures)
    }

    /// Records an edit from the view, clears any ``externalError`` and re-checks the text.
    ///
    /// - Parameter text: The field's whole text after the edit; `nil` counts as an edit to empty text.
    public mutating func edit(_ text: String?) {
        self.text = text
        isEdited = true
        externalError = nil
        revalidate()
    }

    /// Records that the user left the field, which shows its state under ``BorderPolicy/afterLeaving``.
    public mutating func endEditing() {
        hasBeenLeft = true
    }

    /// Forgets the text, the edit history and any ``externalError``, as after a sign-out; the field is untouched
    /// again.
    public mutating func reset() {
        text = nil
        isEdited = false
        hasBeenLeft = false
        externalError = nil
        revalidate()
    }

    private mutating func revalidate() {
        switch whitespace {
        case .keep: value = text
        case .trim: value = text.map(Self.trimmed)
        }
        failures = rule.failures(for: value, confirming: confirmedText)
    }

    /// The text without leading and trailing whitespace and line breaks (Unicode's `White_Space`), removed whole
    /// characters at a time so no grapheme is split.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
