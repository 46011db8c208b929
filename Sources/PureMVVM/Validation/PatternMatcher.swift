/// How a pattern rule matches: with the toolkit's linear-time automaton (``LinearPattern``), or, for a `Regex`
/// whose pattern it cannot read, with Swift's own backtracking engine (``RegexMatcher``).
enum PatternMatcher: Sendable {
    /// The linear-time automaton and the part of the text to match.
    case linear(LinearPattern, PatternMatch)
    /// Swift's `Regex`, for a pattern the automaton cannot match: one the caller trusts.
    case regex(RegexMatcher)

    /// Whether the pattern matches a text.
    func matches(_ text: String) -> Bool {
        switch self {
        case .linear(let pattern, let scope): pattern.matches(text, scope)
        case .regex(let matcher): matcher.matches(text)
        }
    }

    /// Whether the rule runs in linear time on any text.
    var isLinear: Bool {
        if case .linear = self { true } else { false }
    }

    /// The matcher for a `Regex`: its pattern compiled to the automaton when the `Regex` can say it
    /// (`_literalPattern`, from Swift 6 and macOS 15) and it is in the regular subset; else the `Regex` itself.
    static func make<Output>(_ regex: sending Regex<Output>, _ scope: PatternMatch) -> PatternMatcher {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *),
            let pattern = regex._literalPattern, let linear = try? LinearPattern(pattern)
        {
            return .linear(linear, scope)
        }
        return .regex(RegexMatcher(regex, scope))
    }
}
