import PureMVVM
import TestSupport
import XCTest

@testable import PureMVVM

/// Issue 21, point 7: pattern rules run in linear time on any text. `.pattern(/(a+)+b/)` took 1 s at 16
/// characters and 45 s at 20 on Swift's backtracking engine; the toolkit's automaton answers on 100,000. Tests
/// assert the work (steps), bounded by (units + 1) × (instructions + 1), never a time; the time is in the fuzz
/// target's run and the Validation article.
final class LinearPatternTests: GuardedTestCase {
    private static let catastrophic = String(repeating: "a", count: 100_000)

    /// The steps a run may take: every instruction at every place, at most once each, plus one test per unit.
    private func bound(_ pattern: LinearPattern, _ text: String) -> Int {
        (text.count + 1) * (2 * pattern.instructions.count + 2)
    }

    func testNestedQuantifiersTakeLinearWork() throws {
        let text = String(repeating: "a", count: 2_000)
        for source in [
            "(a+)+b", "(a|a)*b", "(a*)*b", "(a|aa)+$b", "((a+)+)+c", "(.*a){20}b", "(\\w+\\s?)*!", "^(a|b|ab)*c",
        ] {
            let pattern = try LinearPattern(source)
            for scope in [PatternMatch.wholeText, .prefix, .anywhere] {
                let (matches, steps) = pattern.run(text, scope)
                XCTAssertFalse(matches, "\(source) \(scope)")
                XCTAssertLessThanOrEqual(steps, bound(pattern, text), "\(source) \(scope)")
            }
        }
    }

    func testTheWorkGrowsInProportionToTheText() throws {
        let pattern = try LinearPattern("(a+)+b")
        let short = pattern.run(String(repeating: "a", count: 1_000), .anywhere).steps
        let long = pattern.run(String(repeating: "a", count: 10_000), .anywhere).steps
        XCTAssertLessThanOrEqual(long, short * 11, "ten times the text, about ten times the work")
    }

    func testTheRulesAnswerOnTheCatastrophicTextInBothForms() throws {
        let literal = ValidationRule.pattern(/(a+)+b/)
        let string = try ValidationRule.pattern("(a+)+b")
        let linear = try LinearPattern("(a+)+b")
        let (matches, steps) = linear.run(Self.catastrophic, .wholeText)
        XCTAssertFalse(matches)
        XCTAssertLessThanOrEqual(steps, bound(linear, Self.catastrophic), "linear in the 100,000 characters")
        XCTAssertEqual(literal.failures(for: Self.catastrophic), ["Has an invalid format."])
        XCTAssertEqual(string.failures(for: Self.catastrophic), ["Has an invalid format."])
        XCTAssertTrue(literal.isSatisfied(by: "aaab"))
        XCTAssertTrue(string.isSatisfied(by: "aaab"))
        guard case .pattern(let matcher) = literal.check else { return XCTFail("not a pattern rule") }
        XCTAssertTrue(matcher.isLinear, "the Regex literal runs on the automaton")
    }

    func testWhatOnlyABacktrackingEngineCanMatchIsRefusedWithItsReason() {
        let refused: [(String, String)] = [
            (#"(a)\1"#, "a backreference"), (#"(?<x>a)\k<x>"#, "a backreference"), ("(?P=x)", "a backreference"),
            ("a(?=b)", "a lookahead"), ("a(?!b)", "a lookahead"), ("(?<=a)b", "a lookbehind"),
            ("(?<!a)b", "a lookbehind"), ("(?>a+)b", "an atomic group"), ("a++b", "a possessive quantifier"),
            ("a*+", "a possessive quantifier"), ("a{2}+", "a possessive quantifier"), ("(?(1)a|b)", "a conditional"),
            ("(?R)", "a recursion"), ("(?1)", "a recursion"), (#"a\Kb"#, #"'\K'"#), ("(*FAIL)", "a backtracking verb"),
        ]
        for (source, reason) in refused {
            XCTAssertThrowsError(try ValidationRule.pattern(source), source) { error in
                let error = error as? InvalidPatternError
                XCTAssertEqual(error?.pattern, source)
                XCTAssertTrue(error?.reason.hasPrefix(reason) == true, "\(source): \(error?.reason ?? "")")
            }
        }
        XCTAssertEqual(
            "\(InvalidPatternError(pattern: "a++", reason: "r"))", "invalid pattern \"a++\": r", "the description")
    }

    func testMalformedAndTooLargePatternsAreRefused() {
        for source in [
            "(", ")", "[a", "[a-", "a{3,2}", "*a", "a**", "[z-a]", #"\q"#, #"\p{Nope}"#, "(?Z)", "a{1001}",
            "[[:nope:]]", #"\N{LATIN SMALL LETTER A}"#, "[a&&b]", "^*", #"\bab"#, #"(?w)a\B"#,
        ] {
            XCTAssertThrowsError(try ValidationRule.pattern(source), source)
        }
        XCTAssertThrowsError(try ValidationRule.pattern("(((a{1000}){1000}){1000})")) { error in
            XCTAssertTrue((error as? InvalidPatternError)?.reason.hasPrefix("the pattern is too large") == true)
        }
        // The limit itself: 19,999 units and the match make the largest program (20,000 instructions, which
        // compiles, but slowly for a unit test); one unit more is refused, found cheaply as the limit is passed.
        let units = String(repeating: "a{1000}", count: 19) + "a{999}"
        XCTAssertEqual(LinearPattern.maximumInstructions, 20_000)
        XCTAssertThrowsError(try LinearPattern(units + "b"), "20,001 instructions")
    }

    func testARegexTheAutomatonCannotMatchIsStillMatchedBySwift() {
        let rule = ValidationRule.pattern(/(ab)\1/)
        guard case .pattern(let matcher) = rule.check else { return XCTFail("not a pattern rule") }
        XCTAssertFalse(matcher.isLinear, "a backreference: Swift's engine, as documented")
        XCTAssertTrue(rule.isSatisfied(by: "abab"))
        XCTAssertFalse(rule.isSatisfied(by: "abba"))
    }

    /// The automaton answers as Swift `Regex` does, for every pattern of a table, on every text of a table, in the
    /// three scopes. (The fuzz target `PatternFuzz` compares random ones.)
    func testTheAutomatonAnswersAsSwiftRegexDoes() throws {
        let patterns = [
            "", "a", "abc", "a|b|", "a*", "a+b?", "(ab)*c", "a{2}", "a{2,}", "a{,2}", "a{1,3}b", "[a-c]+", "[^a-c]",
            "[a-]", "[-a]", "[a-a]", ".", ".*", "(?s).", "\\d+", "\\D", "\\w+", "\\W", "\\s", "\\S", "\\h", "\\v",
            "^a", "a$", "^$", "\\Aa\\z", "a\\Z", "(?m)^b", "(?m)a$", "(?-w)\\bab\\b", "(?-w)a\\Bb", "(?-w)\\b\\b",
            "(?i)abc", "(?i)[a-c]+",
            "(?i:a)b", "[[:alpha:]]+", "[[:digit:][:space:]]*", "\\p{L}+", "\\P{L}", "\\p{Lu}\\p{Ll}*", "é", "[é]",
            "(a|ab)(c|bcd)(d*)", "x{", "x{a}", "\\.", "a.c", "(?x) a b # comment\n c", "[\\d\\s]+", "a{0}", "(|a)+",
            "(?:a|b)*abb", "[^\\n]*", "\\x41\\u{42}", "\\Q.*\\E", "colou?r", "[0-9]{3}-[0-9]{4}", "(a*)*", "(a?){3}",
            "a+?b", "(ab)*?c", "a{1,3}?",  // lazy: the same answer to "does it match?"
        ]
        let texts = [
            "", "a", "ab", "abc", "aab", "abab", "aaa", "ac", "ABC", "aBc", "123", "1a", " ", "a\n", "a\nb", "\r\n",
            "é", "e\u{301}", "É", "ab ab", "x{", "x{a}", ".", "-", "555-1234", "colour", "babb", "a.c", "٣", "_", "-xb",
            "\r", "a\u{0B}", "\u{0C}b",  // the other ASCII line breaks
        ]
        let checked = try assertAnswersAsRegex(patterns, texts)
        XCTAssertGreaterThan(checked, 1800)
    }

    /// The same on texts long enough for the remembered moves (``PatternSimulation/cachedFrom`` units and more),
    /// with patterns Swift's engine answers quickly on them.
    func testTheRememberedMovesAnswerAsSwiftRegexDoes() throws {
        let patterns = [
            "a*", "(ab)*", "[a-c]+", ".*b", "(?s).*", "\\w+", "[^\\n]*", "^a", "a$", "(?m)^b", "(?-w)\\bab\\b",
            "(?i)[a-z]+",
            "(a|b)*c", "[0-9]+(-[0-9]+)*", "\\p{L}*", "é+", "(.)*\\Z", "a{3}b", "\\s+", "x", "",
        ]
        let texts = [
            String(repeating: "a", count: 70), String(repeating: "ab", count: 40),
            String(repeating: "a", count: 70) + "b",
            String(repeating: "ab ", count: 30), String(repeating: "a\n", count: 40) + "b",
            String(repeating: "é", count: 70),
            String(repeating: "e\u{301}", count: 70), String(repeating: "12-", count: 30) + "1",
            String(repeating: "Ab", count: 40), String(repeating: "abc", count: 30) + "\n",
            String(repeating: " ", count: 80),
            String(repeating: "\r\n", count: 40), String(repeating: "aab", count: 30) + "c",
        ]
        try assertAnswersAsRegex(patterns, texts)
    }

    /// Checks every pattern on every text in the three scopes against Swift `Regex`.
    ///
    /// - Returns: How many pairs were checked.
    @discardableResult
    private func assertAnswersAsRegex(
        _ patterns: [String], _ texts: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        var checked = 0
        for source in patterns {
            let linear = try LinearPattern(source)
            let regex = try Self.regex(source)
            for text in texts {
                let expected = [
                    (try? regex.wholeMatch(in: text)) != nil, (try? regex.prefixMatch(in: text)) != nil,
                    (try? regex.firstMatch(in: text)) != nil,
                ]
                let actual = [PatternMatch.wholeText, .prefix, .anywhere].map { linear.matches(text, $0) }
                XCTAssertEqual(
                    actual, expected, "/\(source)/ on \(text.prefix(12).debugDescription) (whole, prefix, anywhere)",
                    file: file, line: line)
                checked += 1
            }
        }
        return checked
    }

    /// Swift's `Regex` for a pattern: one with `(?-w)`, which `Regex` does not read in a string, as the `Regex` of
    /// the rest with `.wordBoundaryKind(.simple)`, which `Regex._literalPattern` writes as `(?-w:…)`.
    private static func regex(_ source: String) throws -> Regex<AnyRegexOutput> {
        guard source.hasPrefix("(?-w)") else { return try Regex(source) }
        return try Regex(String(source.dropFirst(5))).wordBoundaryKind(.simple)
    }
}
