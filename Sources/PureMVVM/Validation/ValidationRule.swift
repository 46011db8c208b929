public import Foundation

/// A check on a field's text, with the message to show when it fails.
///
/// Rules are values: build them from the built-ins, combine them with ``all(_:)``, ``any(_:)`` and
/// ``not(_:message:)``, and replace any message with ``withMessage(_:)`` or the `message:` argument. Every
/// default message is English.
///
/// ```swift
/// let username: ValidationRule = .all([
///     .required,
///     .minimumLength(6),
///     .pattern(/[a-z0-9_]*/, message: "Use lowercase letters, digits and _ only."),
/// ])
/// username.failures(for: "Dim")   // ["Must be at least 6 characters.", "Use lowercase letters, digits and _ only."]
/// ```
///
/// `nil` text is treated as empty text: it fails ``required`` and ``minimumLength(_:in:message:)`` and passes the
/// rules that only forbid something. Rules see the text as given; trimming is ``ValidatedField``'s job, by its
/// ``WhitespacePolicy``.
public struct ValidationRule: Sendable {
    private indirect enum Check: Sendable {
        case required
        case minimumLength(Int, LengthUnit)
        case maximumLength(Int, LengthUnit)
        case pattern(RegexMatcher)
        case allowedCharacters(CharacterSet)
        case confirmation
        case custom(@Sendable (String?) -> Bool)
        case all([ValidationRule])
        case any([ValidationRule])
        case not(ValidationRule)
    }

    private let check: Check
    /// What a failure reports: `[message]`, built once so a failing check does not allocate. `nil` for a
    /// combination whose message was not replaced: it reports its parts' failures.
    private let failure: [String]?

    private init(_ check: Check, message: String?) {
        self.check = check
        failure = message.map { [$0] }
    }

    /// Checks a text against the rule.
    ///
    /// - Parameters:
    ///   - text: The text to check; `nil` counts as empty.
    ///   - confirmedText: The text of the field this one confirms, for ``confirmation(message:)``.
    /// - Returns: Every failure message, in rule order; empty when the text passes.
    public func failures(for text: String?, confirming confirmedText: String? = nil) -> [String] {
        failures(text ?? "", isNil: text == nil, confirmedText: confirmedText)
    }

    /// Tells whether a text passes the rule.
    ///
    /// - Parameters:
    ///   - text: The text to check; `nil` counts as empty.
    ///   - confirmedText: The text of the field this one confirms, for ``confirmation(message:)``.
    /// - Returns: `true` when ``failures(for:confirming:)`` would be empty.
    public func isSatisfied(by text: String?, confirming confirmedText: String? = nil) -> Bool {
        failures(for: text, confirming: confirmedText).isEmpty
    }

    /// The same check with another failure message. On a combination, the one message replaces every part's.
    ///
    /// - Parameter message: The message to report when the check fails.
    /// - Returns: The rule with the new message.
    public func withMessage(_ message: String) -> ValidationRule {
        ValidationRule(check, message: message)
    }

    private func failures(_ text: String, isNil: Bool, confirmedText: String?) -> [String] {
        let passes: Bool
        switch check {
        case .required:
            passes = !text.allSatisfy(\.isWhitespace)
        case .minimumLength(let bound, let unit):
            passes = unit.length(of: text[...], isAtLeast: bound)
        case .maximumLength(let bound, let unit):
            // No text is longer than Int.max, and `bound + 1` would overflow.
            passes = bound == .max || !unit.length(of: text[...], isAtLeast: bound + 1)
        case .pattern(let matcher):
            passes = matcher.matches(text)
        case .allowedCharacters(let allowed):
            passes = text.unicodeScalars.allSatisfy(allowed.contains)
        case .confirmation:
            passes = text == (confirmedText ?? "")
        case .custom(let predicate):
            passes = predicate(isNil ? nil : text)
        case .all(let rules):
            return combined(rules.map { $0.failures(text, isNil: isNil, confirmedText: confirmedText) })
        case .any(let rules):
            if rules.isEmpty { return failure ?? ["No rule can pass."] }
            var collected: [[String]] = []
            for rule in rules {
                let failures = rule.failures(text, isNil: isNil, confirmedText: confirmedText)
                if failures.isEmpty { return [] }
                collected.append(failures)
            }
            return combined(collected)
        case .not(let rule):
            passes = !rule.failures(text, isNil: isNil, confirmedText: confirmedText).isEmpty
        }
        return passes ? [] : failure ?? []
    }

    /// Joins the parts' failures, or reports the replaced message once when any part failed.
    private func combined(_ parts: [[String]]) -> [String] {
        let failing = parts.filter { !$0.isEmpty }
        if failing.isEmpty { return [] }
        if let failure { return failure }
        return failing.count == 1 ? failing[0] : failing.flatMap { $0 }
    }
}

// MARK: - Built-in rules

extension ValidationRule {
    /// Fails on `nil`, empty or whitespace-only text. Message: "Required."
    public static var required: ValidationRule { required(message: "Required.") }

    /// Fails on `nil`, empty or whitespace-only text.
    ///
    /// - Parameter message: The failure message.
    /// - Returns: The rule.
    public static func required(message: String) -> ValidationRule {
        ValidationRule(.required, message: message)
    }

    /// Fails when the text is shorter than a bound. The seed login uses `minimumLength(6)`.
    ///
    /// - Parameters:
    ///   - count: The fewest units allowed; `nil` text has none.
    ///   - unit: What to count; characters (what the user sees) by default.
    ///   - message: The failure message; by default "Must be at least 6 characters."
    /// - Returns: The rule.
    public static func minimumLength(
        _ count: Int,
        in unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        ValidationRule(.minimumLength(count, unit), message: message ?? "Must be at least \(count) \(unit.noun).")
    }

    /// Fails when the text is longer than a bound.
    ///
    /// - Parameters:
    ///   - count: The most units allowed.
    ///   - unit: What to count; characters by default, ``LengthUnit/utf8`` for byte limits such as bcrypt's 72.
    ///   - message: The failure message; by default "Must be at most 72 bytes."
    /// - Returns: The rule.
    public static func maximumLength(
        _ count: Int,
        in unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        ValidationRule(.maximumLength(count, unit), message: message ?? "Must be at most \(count) \(unit.noun).")
    }

    /// Fails when the text's length is outside a range; one message covers both ends.
    ///
    /// - Parameters:
    ///   - range: The allowed lengths, such as `6...32`.
    ///   - unit: What to count; characters by default.
    ///   - message: The failure message; by default "Must be 6 to 32 characters."
    /// - Returns: The rule.
    public static func length(
        in range: ClosedRange<Int>,
        unit: LengthUnit = .characters,
        message: String? = nil
    ) -> ValidationRule {
        all([minimumLength(range.lowerBound, in: unit), maximumLength(range.upperBound, in: unit)])
            .withMessage(message ?? "Must be \(range.lowerBound) to \(range.upperBound) \(unit.noun).")
    }

    /// Fails unless the whole text matches a regular expression (`nil` is matched as empty text).
    ///
    /// Swift `Regex` works the same on every platform; `NSPredicate(format:)` does not exist on Linux.
    ///
    /// - Parameters:
    ///   - regex: The pattern the whole text must match, such as `/[a-z0-9_]+/`.
    ///   - message: The failure message; by default "Has an invalid format."
    /// - Returns: The rule.
    public static func pattern<Output>(
        _ regex: Regex<Output>,
        message: String = "Has an invalid format."
    ) -> ValidationRule {
        ValidationRule(.pattern(RegexMatcher(regex)), message: message)
    }

    /// Fails when any Unicode scalar of the text is outside a set.
    ///
    /// - Parameters:
    ///   - allowed: The scalars allowed, such as `CharacterSet.controlCharacters.inverted`.
    ///   - message: The failure message; by default "Contains characters that are not allowed."
    /// - Returns: The rule.
    public static func allowedCharacters(
        _ allowed: CharacterSet,
        message: String = "Contains characters that are not allowed."
    ) -> ValidationRule {
        ValidationRule(.allowedCharacters(allowed), message: message)
    }

    /// Fails unless the text equals the text of the field it confirms, as a "repeat password" field does.
    ///
    /// Equality is Swift's: canonically equivalent texts (NFC and NFD) are equal. ``ValidatedField`` re-checks
    /// the rule when either text changes.
    ///
    /// - Parameter message: The failure message; by default "Does not match."
    /// - Returns: The rule.
    public static func confirmation(message: String = "Does not match.") -> ValidationRule {
        ValidationRule(.confirmation, message: message)
    }

    /// Fails when a predicate returns `false`.
    ///
    /// - Parameters:
    ///   - message: The failure message.
    ///   - isValid: Tells whether a text passes; it receives `nil` when the field's text is `nil`.
    /// - Returns: The rule.
    public static func custom(
        message: String,
        _ isValid: @escaping @Sendable (String?) -> Bool
    ) -> ValidationRule {
        ValidationRule(.custom(isValid), message: message)
    }

    /// Passes when every rule passes; fails with every failure of every rule, in order.
    ///
    /// - Parameter rules: The rules to combine.
    /// - Returns: The combined rule.
    public static func all(_ rules: [ValidationRule]) -> ValidationRule {
        ValidationRule(.all(rules), message: nil)
    }

    /// Passes when at least one rule passes; when none does, fails with every failure of every rule, in order.
    ///
    /// - Parameter rules: The rules to combine; with none, the rule always fails ("No rule can pass.").
    /// - Returns: The combined rule.
    public static func any(_ rules: [ValidationRule]) -> ValidationRule {
        ValidationRule(.any(rules), message: nil)
    }

    /// Passes when a rule fails.
    ///
    /// - Parameters:
    ///   - rule: The rule to invert.
    ///   - message: The failure message, reported when `rule` passes.
    /// - Returns: The inverted rule.
    public static func not(_ rule: ValidationRule, message: String) -> ValidationRule {
        ValidationRule(.not(rule), message: message)
    }
}
