/// A check on a field's text, with the message to show when it fails.
///
/// Rules are values: build them from the built-ins, combine them with ``all(_:)``, ``any(_:)``,
/// ``firstFailure(of:)``, ``when(_:then:otherwise:)`` and ``not(_:message:)``, and replace any message with
/// ``withMessage(_:)`` or the `message:` argument. Default messages are English; ``withDefaultMessages(_:)``
/// writes them in another language (``ValidationMessages``).
///
/// ```swift
/// let username: ValidationRule = .all([
///     .required,
///     .minimumLength(6),
///     .pattern(
///         /[a-z0-9_]*/, message: "Use lowercase letters, digits and _ only."),
/// ])
/// username.failures(for: "Dim")
/// // ["Must be at least 6 characters.",
/// //  "Use lowercase letters, digits and _ only."]
/// ```
///
/// `nil` text is treated as empty text: it fails ``required`` and ``minimumLength(_:in:message:)`` and passes the
/// rules that only forbid something. Rules see the text as given; trimming is ``ValidatedField``'s job, by its
/// ``WhitespacePolicy``.
///
/// No rule traps, whatever its bounds: a negative length bound counts as 0 and `Int.max` as "no limit", and
/// checking a text costs at most a pass over it, however large a bound is.
public struct ValidationRule: Sendable {
    enum Check: Sendable {
        case required
        case minimumLength(Int, LengthUnit)
        case maximumLength(Int, LengthUnit)
        case length(ClosedRange<Int>, LengthUnit)
        case pattern(PatternMatcher)
        case allowedCharacters(ScalarSet)
        case confirmation
        case email
        case integer
        case integerRange(Int?, Int?)
        case decimal
        case decimalRange(Double?, Double?)
        case custom(@Sendable (String?) -> Bool)
        case customWithHelper(CustomCheck)
        case all([ValidationRule])
        case any([ValidationRule])
        case firstFailure([ValidationRule])
        case when(ValidationRule, then: ValidationRule, otherwise: ValidationRule)
        case not(ValidationRule)
    }

    /// The rule's parts, behind one reference: a rule is copied with every field that holds one (on every event,
    /// in a ViewModel that reads its fields), so it costs one retain, not one per part.
    private final class Node: Sendable {
        let check: Check
        /// What a failure reports: `[message]`, built once so a failing check does not allocate. `nil` for a
        /// combination whose message was not replaced: it reports its parts' failures.
        let failure: [String]?
        /// The default message ``failure`` holds, so ``withDefaultMessages(_:)`` can write it in another
        /// language; `nil` once the message was given or replaced.
        let defaultMessage: DefaultMessage?

        init(_ check: Check, failure: [String]?, defaultMessage: DefaultMessage?) {
            self.check = check
            self.failure = failure
            self.defaultMessage = defaultMessage
        }
    }

    private let node: Node

    var check: Check { node.check }
    private var failure: [String]? { node.failure }
    private var defaultMessage: DefaultMessage? { node.defaultMessage }

    init(_ check: Check, message: String?, default defaultMessage: DefaultMessage?) {
        if let message {
            node = Node(check, failure: [message], defaultMessage: nil)
        } else {
            node = Node(
                check, failure: defaultMessage.map { [ValidationMessages.english.text(for: $0)] },
                defaultMessage: defaultMessage)
        }
    }

    private init(_ check: Check, failure: [String]?, defaultMessage: DefaultMessage?) {
        node = Node(check, failure: failure, defaultMessage: defaultMessage)
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
        ValidationRule(check, failure: [message], defaultMessage: nil)
    }

    /// The same rule with its default messages, and those of every rule inside it, taken from a table: the way
    /// to show a rule's messages in another language. Messages given with `message:` or ``withMessage(_:)`` are
    /// kept as they are.
    ///
    /// ```swift
    /// let rule = ValidationRule.firstFailure(of: [.required, .email()])
    ///     .withDefaultMessages(.chinese)
    /// rule.failures(for: "")   // ["不能为空。"]
    /// ```
    ///
    /// - Parameter messages: The table, such as ``ValidationMessages/chinese``.
    /// - Returns: The rule, with every default message written from `messages`.
    public func withDefaultMessages(_ messages: ValidationMessages) -> ValidationRule {
        let check: Check =
            switch self.check {
            case .all(let rules): .all(rules.map { $0.withDefaultMessages(messages) })
            case .any(let rules): .any(rules.map { $0.withDefaultMessages(messages) })
            case .firstFailure(let rules): .firstFailure(rules.map { $0.withDefaultMessages(messages) })
            case .when(let condition, let then, let otherwise):
                .when(
                    condition.withDefaultMessages(messages), then: then.withDefaultMessages(messages),
                    otherwise: otherwise.withDefaultMessages(messages))
            case .not(let rule): .not(rule.withDefaultMessages(messages))
            default: self.check
            }
        let failure = defaultMessage.map { [messages.text(for: $0)] } ?? self.failure
        return ValidationRule(check, failure: failure, defaultMessage: defaultMessage)
    }

    /// Whether the rule, or a rule inside it, compares with a confirmed text.
    var confirms: Bool {
        switch check {
        case .confirmation: true
        case .all(let rules), .any(let rules), .firstFailure(let rules): rules.contains { $0.confirms }
        case .when(let condition, let then, let otherwise): condition.confirms || then.confirms || otherwise.confirms
        case .not(let rule): rule.confirms
        default: false
        }
    }

    private func failures(_ text: String, isNil: Bool, confirmedText: String?) -> [String] {
        let passes: Bool
        switch check {
        case .required:
            passes = !text.allSatisfy(\.isWhitespace)
        case .minimumLength(let bound, let unit):
            passes = unit.length(of: text, isAtLeast: bound)
        case .maximumLength(let bound, let unit):
            passes = unit.length(of: text, isAtMost: bound)
        case .length(let range, let unit):
            passes =
                unit.length(of: text, isAtLeast: range.lowerBound) && unit.length(of: text, isAtMost: range.upperBound)
        case .pattern(let matcher):
            passes = matcher.matches(text)
        case .allowedCharacters(let allowed):
            // A closure, not `allowed.contains`: a method used as a function captures the set in an allocated
            // context, on every check.
            passes = text.unicodeScalars.allSatisfy { allowed.contains($0) }
        case .confirmation:
            // Exactly, scalar by scalar: what is compared is what a password hash takes (see `confirmation`).
            passes = text.unicodeScalars.elementsEqual((confirmedText ?? "").unicodeScalars)
        case .email:
            passes = EmailSyntax.isValid(text)
        case .integer:
            passes = NumberSyntax.isInteger(text)
        case .integerRange(let lowerBound, let upperBound):
            passes = NumberSyntax.integer(text, isIn: lowerBound, upperBound)
        case .decimal:
            passes = NumberSyntax.isDecimal(text)
        case .decimalRange(let lowerBound, let upperBound):
            passes = NumberSyntax.decimal(text, isIn: lowerBound, upperBound)
        case .custom(let predicate):
            passes = predicate(isNil ? nil : text)
        case .customWithHelper(let check):
            passes = check.passes(isNil ? nil : text)
        case .all(let rules):
            var collected: [String] = []
            for rule in rules {
                collected.appendFailures(rule.failures(text, isNil: isNil, confirmedText: confirmedText))
            }
            return collected.isEmpty ? [] : failure ?? collected
        case .any(let rules):
            if rules.isEmpty { return failure ?? [] }
            var collected: [String] = []
            for rule in rules {
                let failures = rule.failures(text, isNil: isNil, confirmedText: confirmedText)
                if failures.isEmpty { return [] }
                collected.appendFailures(failures)
            }
            return failure ?? collected
        case .firstFailure(let rules):
            for rule in rules {
                let failures = rule.failures(text, isNil: isNil, confirmedText: confirmedText)
                if !failures.isEmpty { return failure ?? failures }
            }
            return []
        case .when(let condition, let then, let otherwise):
            let chosen = condition.failures(text, isNil: isNil, confirmedText: confirmedText).isEmpty ? then : otherwise
            let failures = chosen.failures(text, isNil: isNil, confirmedText: confirmedText)
            return failures.isEmpty ? [] : failure ?? failures
        case .not(let rule):
            passes = !rule.failures(text, isNil: isNil, confirmedText: confirmedText).isEmpty
        }
        return passes ? [] : failure ?? []
    }
}

extension [String] {
    /// Adds a part's failures after those collected so far. The first failing part's array is kept as it is (a
    /// rule's failure is built once, in its node), so a combination with one failing part allocates nothing.
    fileprivate mutating func appendFailures(_ failures: [String]) {
        if isEmpty { self = failures } else if !failures.isEmpty { self += failures }
    }
}
