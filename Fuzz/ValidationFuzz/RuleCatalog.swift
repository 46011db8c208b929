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
            let chinese = rule.withDefaultMessages(.chinese).failures(for: text, confirming: confirmed)
            if chinese.count != actual.count { return "in Chinese \(chinese), in English \(actual)" }
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
        switch pick % 5 {
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
        case 2:
            built = FuzzRule(
                rule: .firstFailure(of: parts.map(\.rule)), summary: "firstFailure(\(parts.map(\.summary)))",
                passes: { text, confirmed in parts.allSatisfy { $0.passes(text, confirmed) } },
                failures: { text, confirmed in
                    parts.first { !$0.passes(text, confirmed) }.map { $0.failures(text, confirmed) } ?? []
                })
        case 3:
            let condition = leaves[Int(input.byte()) % leaves.count](&input)
            let then = parts.first ?? leaves[0](&input)
            let otherwise = parts.dropFirst().first ?? leaves[0](&input)
            built = FuzzRule(
                rule: .when(condition.rule, then: then.rule, otherwise: otherwise.rule),
                summary: "when(\(condition.summary), then: \(then.summary), otherwise: \(otherwise.summary))",
                passes: { text, confirmed in
                    (condition.passes(text, confirmed) ? then : otherwise).passes(text, confirmed)
                },
                failures: { text, confirmed in
                    (condition.passes(text, confirmed) ? then : otherwise).failures(text, confirmed)
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

    /// The leaf rules: one recipe per built-in. Each oracle says what the rule means in plain code, written
    /// apart from the rule's own (a regular expression over Unicode scalars where the rule walks bytes); the
    /// message it expects is the English table's, since the words are data, not what is fuzzed.
    static let leaves: [@Sendable (inout FuzzInput) -> FuzzRule] = [
        { _ in
            FuzzRule(
                rule: .required, summary: "required",
                passes: { text, _ in !(text ?? "").allSatisfy(\.isWhitespace) }, failures: { _, _ in ["Required."] }
            )
        },
        { input in
            let (bound, unit) = (input.bound(), unit(&input))
            let count = max(bound, 0)  // a negative bound counts as 0
            return FuzzRule(
                rule: .minimumLength(bound, in: unit), summary: "minimumLength(\(bound), \(unit))",
                passes: { text, _ in length(text, unit) >= count },
                failures: { _, _ in [english.minimumLength(count, unit)] })
        },
        { input in
            let (bound, unit) = (input.bound(), unit(&input))
            let count = max(bound, 0)
            return FuzzRule(
                rule: .maximumLength(bound, in: unit), summary: "maximumLength(\(bound), \(unit))",
                passes: { text, _ in length(text, unit) <= count },
                failures: { _, _ in [english.maximumLength(count, unit)] })
        },
        { input in
            let ends = [input.bound(), input.bound()].sorted()
            let unit = unit(&input)
            let counts = max(ends[0], 0)...max(ends[1], 0)
            return FuzzRule(
                rule: .length(in: ends[0]...ends[1], unit: unit),
                summary: "length(in: \(ends[0])...\(ends[1]), \(unit))",
                passes: { text, _ in counts.contains(length(text, unit)) },
                failures: { _, _ in
                    [
                        counts.lowerBound == counts.upperBound
                            ? english.exactLength(counts.lowerBound, unit) : english.lengthRange(counts, unit)
                    ]
                })
        },
        { input in
            let (bound, unit) = (input.bound(), unit(&input))
            let count = max(bound, 0)
            return FuzzRule(
                rule: .length(exactly: bound, unit: unit), summary: "length(exactly: \(bound), \(unit))",
                passes: { text, _ in length(text, unit) == count },
                failures: { _, _ in [english.exactLength(count, unit)] })
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
            FuzzRule(
                rule: digitAnywhere, summary: "pattern([0-9], match: .anywhere)",
                passes: { text, _ in (text ?? "").contains { $0.isASCII && $0.isNumber } },
                failures: { _, _ in ["Has an invalid format."] })
        },
        { _ in
            FuzzRule(
                rule: digitPrefix, summary: "pattern([0-9], match: .prefix)",
                passes: { text, _ in (text ?? "").first.map { $0.isASCII && $0.isNumber } ?? false },
                failures: { _, _ in ["Has an invalid format."] })
        },
        { _ in
            FuzzRule(
                rule: .allowedCharacters(ScalarSet("0123456789")), summary: "allowedCharacters(0-9)",
                passes: { text, _ in (text ?? "").unicodeScalars.allSatisfy { ("0"..."9").contains($0) } },
                failures: { _, _ in ["Contains characters that are not allowed."] })
        },
        { _ in
            FuzzRule(
                rule: .confirmation(), summary: "confirmation",
                // Scalar by scalar, as the rule compares: "é" and "e\u{301}" are two passwords.
                passes: { text, confirmed in
                    Array((text ?? "").unicodeScalars) == Array((confirmed ?? "").unicodeScalars)
                },
                failures: { _, _ in ["Does not match."] })
        },
        { _ in
            FuzzRule(
                rule: .email(), summary: "email",
                passes: { text, _ in matches(text, emailSyntax) },
                failures: { _, _ in [english.invalidEmail] })
        },
        { input in
            let (lower, upper) = (input.bound(), input.bound())
            let range = min(lower, upper)...max(lower, upper)
            return FuzzRule(
                rule: .integer(in: range), summary: "integer(in: \(range))",
                passes: { text, _ in
                    guard matches(text, integerSyntax), let text else { return false }
                    guard let value = Int(text) else { return false }  // beyond Int: outside any closed range
                    return range.contains(value)
                },
                failures: { text, _ in
                    matches(text, integerSyntax)
                        ? [english.numberOutOfRange(String(range.lowerBound), String(range.upperBound))]
                        : [english.invalidInteger]
                })
        },
        { input in
            let bound = Double(input.bound() % 1_000) / Double(input.int(in: 1...8))
            return FuzzRule(
                rule: .decimal(in: bound...), summary: "decimal(in: \(bound)...)",
                passes: { text, _ in decimalValue(text).map { $0 >= bound } ?? false },
                failures: { text, _ in
                    decimalValue(text) == nil
                        ? [english.invalidDecimal] : [english.numberOutOfRange(describe(bound), nil)]
                })
        },
    ]

    /// Built once: a `Regex` compiles its matcher on its first match, which would dominate every input.
    private static let lowercasePattern = ValidationRule.pattern(/[a-z0-9_]*/)
    private static let digitAnywhere = ValidationRule.pattern(/[0-9]/, match: .anywhere)
    private static let digitPrefix = ValidationRule.pattern(/[0-9]/, match: .prefix)

    private static let english = ValidationMessages.english

    // The oracles' grammars (WHATWG's "valid email address"; the number rules' documented syntax), matched
    // scalar by scalar.
    nonisolated(unsafe) private static let emailSyntax =
        #/[a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*/#
        .matchingSemantics(.unicodeScalar)
    nonisolated(unsafe) private static let integerSyntax = #/[+-]?[0-9]+/#.matchingSemantics(.unicodeScalar)
    nonisolated(unsafe) private static let decimalSyntax =
        #/([+-]?)([0-9]*)(?:\.([0-9]+))?/#.matchingSemantics(.unicodeScalar)

    private static func matches(_ text: String?, _ syntax: Regex<Substring>) -> Bool {
        (try? syntax.wholeMatch(in: text ?? "")) != nil
    }

    /// The value of a decimal number in the documented syntax (digits with an optional fraction, at least one
    /// digit on each side of a point but the whole part may be empty), or `nil`.
    private static func decimalValue(_ text: String?) -> Double? {
        guard let match = try? decimalSyntax.wholeMatch(in: text ?? "") else { return nil }
        let (_, sign, whole, fraction) = match.output
        guard !whole.isEmpty || fraction != nil else { return nil }
        guard let magnitude = Double("\(whole.isEmpty ? "0" : whole).\(fraction ?? "0")") else { return nil }
        return sign == "-" ? -magnitude : magnitude
    }

    /// How a message writes a bound: whole numbers without a fraction.
    private static func describe(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(describing: value)
    }

    /// A rule with its message replaced: it must report that message alone.
    private static func renamed(_ rule: FuzzRule, _ message: String) -> FuzzRule {
        FuzzRule(
            rule: rule.rule.withMessage(message), summary: "\(rule.summary).withMessage", passes: rule.passes,
            failures: { _, _ in [message] })
    }

    private static func unit(_ input: inout FuzzInput) -> LengthUnit {
        [.characters, .unicodeScalars, .utf16, .utf8][input.int(in: 0...3)]
    }

    private static func length(_ text: String?, _ unit: LengthUnit) -> Int {
        let text = text ?? ""
        return switch unit {
        case .characters: text.count
        case .unicodeScalars: text.unicodeScalars.count
        case .utf16: text.utf16.count
        case .utf8: text.utf8.count
        }
    }
}
