/// The default failure messages of the built-in rules, in one language: ``english`` or ``chinese``, or a table of
/// your own for a third.
///
/// A rule's messages are chosen by the table passed to it, never by the process's locale:
///
/// ```swift
/// let name = ValidationRule.minimumLength(6)  // English by default
/// name.failures(for: "dim")  // ["Must be at least 6 characters."]
/// name.withDefaultMessages(.chinese).failures(for: "dim")
/// // ["至少需要 6 个字符。"]
/// ```
///
/// Only default messages are replaced: a message given with `message:` or ``ValidationRule/withMessage(_:)``
/// stays as written. For a third language, start from a table and replace every entry, or call the initialiser,
/// which asks for all of them:
///
/// ```swift
/// var german = ValidationMessages.english
/// german.required = "Pflichtfeld."
/// german.minimumLength = { count, unit in
///     "Mindestens \(count) \(unit == .utf8 ? "Bytes" : "Zeichen")."
/// }
/// // … every other entry
/// ```
public struct ValidationMessages: Sendable {
    /// ``ValidationRule/required``: "Required."
    public var required: String
    /// ``ValidationRule/minimumLength(_:in:message:)``, from the bound and the unit: "Must be at least 6
    /// characters.", "Must be at least 1 character."
    public var minimumLength: @Sendable (_ count: Int, _ unit: LengthUnit) -> String
    /// ``ValidationRule/maximumLength(_:in:message:)``: "Must be at most 72 bytes."
    public var maximumLength: @Sendable (_ count: Int, _ unit: LengthUnit) -> String
    /// ``ValidationRule/length(in:unit:message:)`` with two different bounds: "Must be 6 to 32 characters."
    public var lengthRange: @Sendable (_ range: ClosedRange<Int>, _ unit: LengthUnit) -> String
    /// ``ValidationRule/length(exactly:unit:message:)``, and a range with one length: "Must be exactly 11
    /// characters."
    public var exactLength: @Sendable (_ count: Int, _ unit: LengthUnit) -> String
    /// The pattern rules: "Has an invalid format."
    public var invalidFormat: String
    /// ``ValidationRule/allowedCharacters(_:message:)``: "Contains characters that are not allowed."
    public var disallowedCharacters: String
    /// ``ValidationRule/confirmation(message:)``: "Does not match."
    public var mismatch: String
    /// ``ValidationRule/email(message:)``: "Enter a valid email address."
    public var invalidEmail: String
    /// The integer rules, when the text is not a whole number: "Enter a whole number."
    public var invalidInteger: String
    /// The decimal rules, when the text is not a number: "Enter a number."
    public var invalidDecimal: String
    /// The number rules, when the number is outside the range; the bounds come written as the rule's numbers
    /// (`nil` for an open end, never both): "Must be from 1 to 100.", "Must be at least 0.", "Must be at most
    /// 9.5."
    public var numberOutOfRange: @Sendable (_ lowerBound: String?, _ upperBound: String?) -> String
    /// ``ValidationRule/any(_:)`` with no rules: "No rule can pass."
    public var noRuleCanPass: String

    /// Creates a table; every message is needed, so a new language cannot miss one.
    ///
    /// - Parameters:
    ///   - required: See ``required``.
    ///   - minimumLength: See ``minimumLength``.
    ///   - maximumLength: See ``maximumLength``.
    ///   - lengthRange: See ``lengthRange``.
    ///   - exactLength: See ``exactLength``.
    ///   - invalidFormat: See ``invalidFormat``.
    ///   - disallowedCharacters: See ``disallowedCharacters``.
    ///   - mismatch: See ``mismatch``.
    ///   - invalidEmail: See ``invalidEmail``.
    ///   - invalidInteger: See ``invalidInteger``.
    ///   - invalidDecimal: See ``invalidDecimal``.
    ///   - numberOutOfRange: See ``numberOutOfRange``.
    ///   - noRuleCanPass: See ``noRuleCanPass``.
    public init(
        required: String,
        minimumLength: @escaping @Sendable (_ count: Int, _ unit: LengthUnit) -> String,
        maximumLength: @escaping @Sendable (_ count: Int, _ unit: LengthUnit) -> String,
        lengthRange: @escaping @Sendable (_ range: ClosedRange<Int>, _ unit: LengthUnit) -> String,
        exactLength: @escaping @Sendable (_ count: Int, _ unit: LengthUnit) -> String,
        invalidFormat: String,
        disallowedCharacters: String,
        mismatch: String,
        invalidEmail: String,
        invalidInteger: String,
        invalidDecimal: String,
        numberOutOfRange: @escaping @Sendable (_ lowerBound: String?, _ upperBound: String?) -> String,
        noRuleCanPass: String
    ) {
        self.required = required
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.lengthRange = lengthRange
        self.exactLength = exactLength
        self.invalidFormat = invalidFormat
        self.disallowedCharacters = disallowedCharacters
        self.mismatch = mismatch
        self.invalidEmail = invalidEmail
        self.invalidInteger = invalidInteger
        self.invalidDecimal = invalidDecimal
        self.numberOutOfRange = numberOutOfRange
        self.noRuleCanPass = noRuleCanPass
    }

    /// The text of one default message.
    func text(for message: DefaultMessage) -> String {
        switch message {
        case .required: required
        case .minimumLength(let count, let unit): minimumLength(count, unit)
        case .maximumLength(let count, let unit): maximumLength(count, unit)
        case .length(let range, let unit):
            range.lowerBound == range.upperBound ? exactLength(range.lowerBound, unit) : lengthRange(range, unit)
        case .invalidFormat: invalidFormat
        case .disallowedCharacters: disallowedCharacters
        case .mismatch: mismatch
        case .invalidEmail: invalidEmail
        case .invalidInteger: invalidInteger
        case .invalidDecimal: invalidDecimal
        case .numberOutOfRange(let lowerBound, let upperBound): numberOutOfRange(lowerBound, upperBound)
        case .noRuleCanPass: noRuleCanPass
        }
    }
}

/// Which default message a rule reports, with what it needs to be written in any language.
enum DefaultMessage: Hashable, Sendable {
    case required
    case minimumLength(Int, LengthUnit)
    case maximumLength(Int, LengthUnit)
    case length(ClosedRange<Int>, LengthUnit)
    case invalidFormat
    case disallowedCharacters
    case mismatch
    case invalidEmail
    case invalidInteger
    case invalidDecimal
    case numberOutOfRange(String?, String?)
    case noRuleCanPass
}
