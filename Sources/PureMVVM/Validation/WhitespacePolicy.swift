/// Whether a field's rules see its text as typed or with surrounding whitespace removed.
///
/// The policy applies before any rule runs, and ``ValidatedField/value`` returns the text the rules saw, so what
/// was validated is what gets submitted.
public enum WhitespacePolicy: Hashable, Sendable {
    /// Rules see the text exactly as typed; "  dimsky" is eight characters. The default, as in the seed login,
    /// and the right choice for passwords, where spaces are part of the secret.
    case keep
    /// Leading and trailing whitespace and newlines are removed first; "  dimsky " is six characters.
    case trim
}
