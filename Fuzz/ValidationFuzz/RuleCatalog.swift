internal import Foundation
internal import FuzzSupport
internal import PureMVVM

/// Every built-in rule the validation fuzz target builds, each with its plain meaning. To fuzz a new rule, add a
/// recipe to ``leaves``: how to build it from the input and what it must answer.
enum RuleCatalog {
    /// A built rule with its oracle.
    struct FuzzRule {
        /// The rule under test.
        let rule: ValidationRule
        /// How it was built, for failure messages.
        let summary: String
        /// Whether a text (and the text it confirms) must pass; the plain meaning of the rule.
        let passes: (String?, String?) -> Bool
        /// The failures it must report when it fails: its one message, or for an unnamed combination its parts'.
        let failures: (String?, String?) -> [String]

        /// Evaluates the rule and compares it with the oracle.
        func check(_ text: String?, _ confirmed: String?) -> String? {
            let actual = rule.failures(for: text, confirming: confirmed)
            let expected = passes(text, confirmed) ? [] : failures(text, confirmed)
            if actual != expected { return "failures \(actual), expected \(expected)" }
            if rule.isSatisfied(by: text, confirming: confirmed) != expected.isEmpty {
                return "isSatisfied(by:) disagrees with failures(for:)"
            }
            if !expected.isEmpty && actual.contains(where: \.isEmpty) { return "an empty message" }
            return nil
        }
    }

    /// Builds a leaf rule or, sometimes, a combination of rules.
    ///
    /// - Parameters:
    ///   - input: The fuzzer's input.
    ///   - depth: How deep in a combination this rule is; combinations stop at depth 3.
    /// - Returns: The rule and its oracle.
    static func rule(_ input: inout FuzzInput, depth: Int) -> FuzzRule {
        let pick = Int(input.byte())
        guard depth < 3, pick >= 200 else {
            let leaf = leaves[pick % leaves.count](&input)
            return input.byte() % 8 == 0 ? renamed(leaf, "Replaced.") : leaf
        }
        let parts = (0..<input.int(in: 0...3)).map { _ in rule(&input, depth: depth + 1) }
        var built: FuzzRule
        switch pick % 3 {
        case 0:
            built = FuzzRule(
                rule: .all(parts.map(\.rule)), summary: "all(\(parts.map(\.summary)))",
                passes: { text, confirmed in parts.allSatisfy { $0.passes(text, confirmed) } },
                failures: { text, confirmed in
                    parts.filter { !$0.passes(text, confirmed) }.flatMap { $0.failures(text, confirmed) }
                })
        case 1:
            built = FuzzRule(
                rule: .any(parts.map(\.rule)), summary: "any(\(parts.map(\.summary)))",
                passes: { text, confirmed in parts.contains { $0.passes(text, confirmed) } },
                failures: { text, confirmed in
                    parts.isEmpty ? ["No rule can pass."] : parts.flatMap { $0.failures(text, confirmed) }
                })
        default:
            let inner = parts.first ?? leaves[0](&input)
            return FuzzRule(
                rule: .not(inner.rule, message: "Must not pass."), summary: "not(\(inner.summary))",
                passes: { !inner.passes($0, $1) }, failures: { _, _ in ["Must not pass."] })
        }
        if input.byte() % 4 == 0 { built = renamed(built, "Replaced.") }
        return built
    }

    /// The leaf rules: one recipe per built-in.
    static let leaves: [@Sendable (inout FuzzInput) -> FuzzRule] = [
        { _ in
            FuzzRule(
                rule: .required, summary: "required",
                passes: { text, _ in !(text ?? "").allSatisfy(\.isWhitespace) }, failures: { _, _ in ["Required."] }
            )
        },
        { input in
            let (bound, unit) = (input.bound(), unit(&input))
            return FuzzRule(
                rule: .minimumLength(bound, in: unit), summary: "minimumLength(\(bound), \(unit))",
                passes: { text, _ in length(text, unit) >= bound },
                failures: { _, _ in ["Must be at least \(bound) \(noun(unit))."] })
        },
        { input in
            let (bound, unit) = (input.bound(), unit(&input))
            return FuzzRule(
                rule: .maximumLength(bound, in: unit), summary: "maximumLength(\(bound), \(unit))",
                passes: { text, _ in length(text, unit) <= bound },
                failures: { _, _ in ["Must be at most \(bound) \(noun(unit))."] })
        },
        { input in
            let ends = [input.bound(), input.bound()].sorted()
            let unit = unit(&input)
            let range = ends[0]...ends[1]
            return FuzzRule(
                rule: .length(in: range, unit: unit), summary: "length(in: \(range), \(unit))",
                passes: { text, _ in range.contains(length(text, unit)) },
                failures: { _, _ in ["Must be \(range.lowerBound) to \(range.upperBound) \(noun(unit))."] })
        },
        { _ in
            FuzzRule(
                rule: lowercasePattern, summary: "pattern([a-z0-9_]*)",
                passes: { text, _ in
                    (text ?? "").allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
                },
                failures: { _, _ in ["Has an invalid format."] })
        },
        { _ in
            let digits = CharacterSet(charactersIn: "0123456789")
            return FuzzRule(
                rule: .allowedCharacters(digits), summary: "allowedCharacters(0-9)",
                passes: { text, _ in (text ?? "").unicodeScalars.allSatisfy { ("0"..."9").contains($0) } },
                failures: { _, _ in ["Contains characters that are not allowed."] })
        },
        { _ in
            FuzzRule(
                rule: .confirmation(), summary: "confirmation",
                passes: { text, confirmed in (text ?? "") == (confirmed ?? "") },
                failures: { _, _ in ["Does not match."] })
        },
        { input in
            let limit = input.int(in: 0...8)
            return FuzzRule(
                rule: .custom(message: "Custom.") { ($0?.count ?? -1) <= limit },
                summary: "custom(count <= \(limit))", passes: { text, _ in (text?.count ?? -1) <= limit },
                failures: { _, _ in ["Custom."] })
        },
    ]

    /// Built once: a `Regex` compiles its matcher on its first match, which would dominate every input.
    private static let lowercasePattern = ValidationRule.pattern(/[a-z0-9_]*/)

    /// A rule with its message replaced: it must report that message alone.
    private static func renamed(_ rule: FuzzRule, _ message: String) -> FuzzRule {
        FuzzRule(
            rule: rule.rule.withMessage(message), summary: "\(rule.summary).withMessage", passes: rule.passes,
            failures: { _, _ in [message] })
    }

    private static func unit(_ input: inout FuzzInput) -> LengthUnit {
        [.characters, .unicodeScalars, .utf8][input.int(in: 0...2)]
    }

    private static func noun(_ unit: LengthUnit) -> String {
        switch unit {
        case .characters: "characters"
        case .unicodeScalars: "code points"
        case .utf8: "bytes"
        }
    }

    private static func length(_ text: String?, _ unit: LengthUnit) -> Int {
        let text = text ?? ""
        return switch unit {
        case .characters: text.count
        case .unicodeScalars: text.unicodeScalars.count
        case .utf8: text.utf8.count
        }
    }
}
