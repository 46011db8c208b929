// MARK: - Combining rules

extension ValidationRule {
    /// Passes when every rule passes; fails with every failure of every rule, in order.
    ///
    /// - Parameter rules: The rules to combine; with none, the rule always passes.
    /// - Returns: The combined rule.
    public static func all(_ rules: [ValidationRule]) -> ValidationRule {
        ValidationRule(.all(rules), message: nil, default: nil)
    }

    /// Passes when every rule passes; fails with the failures of the first rule that fails, and checks no
    /// further. Use it where later rules only make sense once earlier ones pass: an empty email field shows
    /// "Required." alone, not "Required." and "Enter a valid email address.".
    ///
    /// ```swift
    /// let email: ValidationRule = .firstFailure(
    ///     of: [.required, .email(), .maximumLength(254)])
    /// email.failures(for: "")      // ["Required."]
    /// email.failures(for: "dim")   // ["Enter a valid email address."]
    /// ```
    ///
    /// - Parameter rules: The rules, in the order they are checked; with none, the rule always passes.
    /// - Returns: The combined rule.
    public static func firstFailure(of rules: [ValidationRule]) -> ValidationRule {
        ValidationRule(.firstFailure(rules), message: nil, default: nil)
    }

    /// Passes when at least one rule passes; when none does, fails with every failure of every rule, in order.
    ///
    /// - Parameter rules: The rules to combine; with none, the rule always fails ("No rule can pass.").
    /// - Returns: The combined rule.
    public static func any(_ rules: [ValidationRule]) -> ValidationRule {
        ValidationRule(.any(rules), message: nil, default: rules.isEmpty ? .noRuleCanPass : nil)
    }

    /// Checks the text with one rule or another, chosen by whether it passes a condition: a field that takes
    /// either of two kinds of text, each with its own messages.
    ///
    /// ```swift
    /// let name: ValidationRule = .when(
    ///     .pattern(/@/, match: .anywhere),
    ///     then: .email(),                 // it looks like an email address
    ///     otherwise: .length(in: 6...32)  // otherwise it is a user name
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - condition: Chooses the rule; its own messages are never shown.
    ///   - then: The rule for a text that passes `condition`.
    ///   - otherwise: The rule for a text that fails it.
    /// - Returns: The combined rule.
    public static func when(
        _ condition: ValidationRule,
        then: ValidationRule,
        otherwise: ValidationRule
    ) -> ValidationRule {
        ValidationRule(.when(condition, then: then, otherwise: otherwise), message: nil, default: nil)
    }

    /// Passes when a rule fails.
    ///
    /// - Parameters:
    ///   - rule: The rule to invert.
    ///   - message: The failure message, reported when `rule` passes.
    /// - Returns: The inverted rule.
    public static func not(_ rule: ValidationRule, message: String) -> ValidationRule {
        ValidationRule(.not(rule), message: message, default: nil)
    }
}
