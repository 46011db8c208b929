// MARK: - Built-in rules

extension ValidationRule {
    /// Fails on `nil`, empty or whitespace-only text. Message: "Required."
    public static var required: ValidationRule { ValidationRule(.required, message: nil, default: .required) }

    /// Fails on `nil`, empty or whitespace-only text.
    ///
    /// - Parameter message: The failure message.
    /// - Returns: The rule.
    public static func required(message: String) -> ValidationRule {
        ValidationRule(.required, message: message, default: .required)
    }

    /// Fails when the text is shorter than a bound. The seed login uses `minimumLength(6)`.
    ///
    /// - Parameters:
    ///   - count: The fewest units allowed; `nil` text has none. A bound of 0 or less passes every text.
    ///   - unit: What to count; characters (what the user sees) by default.
    ///   - message: The failure message; by default "Must be at least 6 characters." ("1 character" for 1).
    /// - Returns: The rule.
    public static func minimumLength(
        _ count: Int,
        in unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        let count = max(count, 0)
        return ValidationRule(.minimumLength(count, unit), message: message, default: .minimumLength(count, unit))
    }

    /// Fails when the text is longer than a bound.
    ///
    /// - Parameters:
    ///   - count: The most units allowed. A negative bound counts as 0 (only empty text passes); `Int.max` passes
    ///     every text.
    ///   - unit: What to count; characters by default, ``LengthUnit/utf8`` for byte limits such as bcrypt's 72,
    ///     ``LengthUnit/utf16`` for limits UIKit or a web page counts.
    ///   - message: The failure message; by default "Must be at most 72 bytes."
    /// - Returns: The rule.
    public static func maximumLength(
        _ count: Int,
        in unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        let count = max(count, 0)
        return ValidationRule(.maximumLength(count, unit), message: message, default: .maximumLength(count, unit))
    }

    /// Fails when the text's length is outside a range; one message covers both ends.
    ///
    /// - Parameters:
    ///   - range: The allowed lengths, such as `6...32`. Negative bounds count as 0, and an upper bound of
    ///     `Int.max` means no limit; a range of one length, such as `11...11`, is ``length(exactly:unit:message:)``.
    ///   - unit: What to count; characters by default.
    ///   - message: The failure message; by default "Must be 6 to 32 characters." or, for one length, "Must be
    ///     exactly 11 characters."
    /// - Returns: The rule.
    public static func length(
        in range: ClosedRange<Int>,
        unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        let range = max(range.lowerBound, 0)...max(range.upperBound, 0)
        return ValidationRule(.length(range, unit), message: message, default: .length(range, unit))
    }

    /// Fails unless the text has exactly a length, such as a verification code's 6 digits or a phone number's 11.
    ///
    /// - Parameters:
    ///   - count: The one length allowed; a negative count counts as 0 (only empty text passes).
    ///   - unit: What to count; characters by default.
    ///   - message: The failure message; by default "Must be exactly 6 characters." ("1 character" for 1).
    /// - Returns: The rule.
    public static func length(
        exactly count: Int,
        unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        length(in: count...max(count, 0), unit: unit, message: message)
    }

    /// Fails unless a regular expression matches the text: all of it by default, or its start or any part of it.
    /// `nil` is matched as empty text.
    ///
    /// The rule runs in time proportional to the text on any text: the `Regex`'s pattern is compiled to the
    /// toolkit's linear-time automaton (see ``pattern(_:match:message:)-(String,_,_)`` for what it reads), so
    /// `/(a+)+b/` answers on 100,000 characters at once, where the time Swift's backtracking engine takes grows
    /// exponentially with the text (<doc:Validation> gives the times). A `Regex` the automaton cannot match (a
    /// backreference, a lookaround, a RegexBuilder component that has no pattern syntax) is matched by Swift's own
    /// engine instead, which backtracks: use such a `Regex` only with a pattern you trust not to backtrack badly on
    /// any text, or write the check as a rule of its own. The pattern string form refuses it instead.
    ///
    /// In a pattern, `.` does not match a newline by default: to ask "contains a digit", write
    /// `.pattern(/[0-9]/, match: .anywhere)`, not `/.*[0-9].*/`.
    ///
    /// The rule takes the regular expression over (`sending`): `Regex` is not `Sendable`, and a `Regex` the
    /// automaton cannot match is kept behind a lock, so the rule can be used from any thread.
    ///
    /// - Parameters:
    ///   - regex: The pattern, such as `/[a-z0-9_]+/`.
    ///   - match: Which part of the text must match: ``PatternMatch/wholeText`` (the default),
    ///     ``PatternMatch/prefix`` ("starts with") or ``PatternMatch/anywhere`` ("contains").
    ///   - message: The failure message; by default "Has an invalid format."
    /// - Returns: The rule.
    public static func pattern<Output>(
        _ regex: sending Regex<Output>,
        match: PatternMatch = .wholeText,
        message: String? = nil
    ) -> ValidationRule {
        ValidationRule(.pattern(PatternMatcher.make(regex, match)), message: message, default: .invalidFormat)
    }

    /// Fails unless a pattern given as a string, such as one read from a configuration, matches the text: all of
    /// it by default, or its start or any part of it. It runs in time proportional to the text, on any text.
    ///
    /// ```swift
    /// let code = try ValidationRule.pattern("[A-Z]{3}-[0-9]{4}")
    /// ```
    ///
    /// The pattern is Swift `Regex` syntax, its regular subset, compiled to a Thompson automaton that follows every
    /// way to match at once, as RE2 and Rust's regex crate do: literals and escapes, `.`, classes (`[a-z]`, `\d`,
    /// `\w`, `\s`, `\p{L}`, `[:alpha:]`), anchors (`^`, `$`, `\A`, `\z`, `\Z`, and `(?-w)\b`, the simple word
    /// boundary), groups, alternation, quantifiers up to `{1000}`, and the options `i`, `s`, `m`, `x`. What only a
    /// backtracking engine can match is refused with the reason: backreferences (`\1`), lookahead and lookbehind,
    /// atomic groups, possessive quantifiers, conditionals and recursion, and `\b` at Unicode's word boundaries
    /// (`Regex`'s default). Units are characters, as in `Regex`.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - match: Which part of the text must match; the whole text by default.
    ///   - message: The failure message; by default "Has an invalid format."
    /// - Returns: The rule.
    /// - Throws: ``InvalidPatternError`` naming the pattern and why it is refused: malformed, outside the regular
    ///   subset, or too large.
    public static func pattern(
        _ pattern: String,
        match: PatternMatch = .wholeText,
        message: String? = nil
    ) throws(InvalidPatternError) -> ValidationRule {
        let linear = try LinearPattern(pattern)
        return ValidationRule(.pattern(.linear(linear, match)), message: message, default: .invalidFormat)
    }

    /// Fails when any Unicode scalar of the text is outside a set.
    ///
    /// - Parameters:
    ///   - allowed: The scalars allowed, such as `ScalarSet.alphanumerics.union(ScalarSet("._-"))` or
    ///     `ScalarSet.controlCharacters.inverted`.
    ///   - message: The failure message; by default "Contains characters that are not allowed."
    /// - Returns: The rule.
    public static func allowedCharacters(_ allowed: ScalarSet, message: String? = nil) -> ValidationRule {
        ValidationRule(.allowedCharacters(allowed), message: message, default: .disallowedCharacters)
    }

    /// Fails unless the text equals the text of the field it confirms, as a "repeat password" field does.
    ///
    /// The two are compared exactly, Unicode scalar by scalar (so byte for byte in UTF-8), not as Swift compares
    /// strings: `passé` typed precomposed (NFC) and decomposed (NFD) are equal `String`s but different bytes, and a
    /// password is hashed as bytes, so a confirmation that let them pass would store a password the user cannot
    /// type again the other way.
    ///
    /// Equality is Swift's: canonically equivalent texts (NFC and NFD) are equal. ``ValidatedForm`` keeps the
    /// confirmed text up to date; a lone ``ValidatedField`` needs its ``ValidatedField/confirmedText`` set.
    ///
    /// - Parameter message: The failure message; by default "Does not match."
    /// - Returns: The rule.
    public static func confirmation(message: String? = nil) -> ValidationRule {
        ValidationRule(.confirmation, message: message, default: .mismatch)
    }

    /// Fails unless the text is an email address as WHATWG HTML defines a "valid email address" (what browsers
    /// accept in `<input type="email">`): `name@example.com`, `first.last+tag@mail.example.org`,
    /// `name@localhost`.
    ///
    /// ASCII only: internationalised domain names are accepted in punycode (`name@xn--fiqs8s`), not in Unicode;
    /// quoted local parts (`"a b"@example.com`), IP-address literals and comments are refused, as is any
    /// whitespace (trim the field with ``WhitespacePolicy/trim``). No length limit and no check that the domain
    /// exists: add `.maximumLength(254)` for RFC 5321's limit.
    ///
    /// - Parameter message: The failure message; by default "Enter a valid email address."
    /// - Returns: The rule.
    public static func email(message: String? = nil) -> ValidationRule {
        ValidationRule(.email, message: message, default: .invalidEmail)
    }

    /// Fails when a predicate returns `false`.
    ///
    /// The predicate must be `@Sendable`, since a rule can be checked from any thread. For a helper that is not
    /// `Sendable`, such as a `Regex`, use ``custom(message:using:_:)``.
    ///
    /// - Parameters:
    ///   - message: The failure message.
    ///   - isValid: Tells whether a text passes; it receives `nil` when the field's text is `nil`.
    /// - Returns: The rule.
    public static func custom(
        message: String,
        _ isValid: @escaping @Sendable (String?) -> Bool
    ) -> ValidationRule {
        ValidationRule(.custom(isValid), message: message, default: nil)
    }

    /// Fails when a predicate that uses a helper returns `false`. The helper need not be `Sendable`: the rule
    /// takes it over (`sending`, so the caller cannot use it any more) and runs the predicate under a lock, so
    /// the rule is still safe to check from any thread.
    ///
    /// ```swift
    /// let lowercase = /[a-z]/
    /// let rule = ValidationRule.custom(
    ///     message: "Add a lowercase letter.", using: lowercase
    /// ) { regex, text in
    ///     text?.contains(regex) ?? false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - message: The failure message.
    ///   - helper: What the predicate needs, such as a `Regex`; the rule owns it from now on.
    ///   - isValid: Tells whether a text passes, given the helper; it receives `nil` when the field's text is
    ///     `nil`.
    /// - Returns: The rule.
    public static func custom<Helper>(
        message: String,
        using helper: sending Helper,
        _ isValid: @escaping @Sendable (inout Helper, String?) -> Bool
    ) -> ValidationRule {
        ValidationRule(.customWithHelper(CustomCheck(helper, isValid)), message: message, default: nil)
    }
}
