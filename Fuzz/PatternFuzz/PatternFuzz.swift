// The pattern fuzz target: random patterns of the regular subset against Swift Regex, and their work on long text.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/pattern, or the files it is given. Either way it first times `(a+)+b` on 100,000 characters.

internal import FuzzSupport
internal import PureMVVM

/// Reads any bytes as a pattern and a text, and checks the toolkit's linear-time matcher (issue 21, point 7):
/// compiling never traps and a refusal names its reason; a pattern Swift `Regex` also reads gets Swift's answers
/// on a short text in every scope; and on a long text (the short one repeated to ``longUnits`` units) the work
/// stays within (units + 1) × (2 × instructions + 2) steps, whatever the pattern.
@main
enum PatternFuzz: FuzzTarget {
    static let target = "pattern"

    /// The pieces a pattern is made of, one per byte below 0x80 (a byte from 0x80 on is taken as it is, so the
    /// parser also meets text that is no pattern at all).
    static let pieces = [
        "a", "b", "A", "é", "1", "_", " ", ".", "[ab]", "[^a]", "[a-c]", "[[:alpha:]]", "\\d", "\\w", "\\s", "\\D",
        "\\W", "\\S", "\\p{L}", "\\P{Nd}", "\\n", "^", "$", "\\A", "\\z", "\\Z", "\\b", "\\B", "(", ")", "(?:", "|",
        "*", "+", "?", "*?", "{2}", "{1,3}", "{,2}", "{2,}", "(?i)", "(?s)", "(?m)", "(?i:", "\\x41", "\\u{E9}",
        "\\X", "\\h", "\\v", "[\\d_]", "-", "[é]", "\\.", "(?<n>", "x{", "]", "(?-w)", "(?-w)\\b",
        // What only a backtracking engine has: each must be refused, with a reason.
        "\\1", "(?=", "(?!", "(?<=", "(?>", "++", "(?R)",
    ]

    /// The units a short text is made of, one per byte.
    static let units = ["a", "b", "A", "é", "e\u{301}", "É", "1", "_", " ", "\n", "\r\n", "-", "x", "2", "ab"]

    /// The most units of the short text compared with Swift `Regex`: its backtracking engine takes time
    /// exponential in the text on patterns such as `(a+)+b`.
    static let shortUnits = 8
    /// The units of the long text.
    static let longUnits = 256

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input.
    /// - Returns: `nil` when every property held, or the first that did not.
    static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        var pattern = ""
        for _ in 0..<input.int(in: 0...12) {
            let byte = input.byte()
            pattern += byte < 0x80 ? pieces[Int(byte) % pieces.count] : String(decoding: [byte], as: UTF8.self)
        }
        var text = ""
        for _ in 0..<input.int(in: 0...shortUnits) { text += units[Int(input.byte()) % units.count] }

        let linear: LinearPattern
        do {
            linear = try LinearPattern(pattern)
        } catch {
            if error.pattern != pattern || error.reason.isEmpty { return "\(pattern.debugDescription): a bad refusal" }
            return nil
        }
        for refused in ["\\1", "(?=", "(?!", "(?<=", "(?>", "++", "(?R)"] where pattern.contains(refused) {
            // Escaped or inside a class a piece can stand for something else; outside, it must have been refused.
            if !pattern.contains("[") && !pattern.contains("\\\\") && !pattern.contains("x{") {
                return "\(pattern.debugDescription) compiled, but \(refused) needs backtracking"
            }
        }
        let scopes = [PatternMatch.wholeText, .prefix, .anywhere]
        if let regex = try? regex(pattern) {
            let expected = [
                (try? regex.wholeMatch(in: text)) != nil, (try? regex.prefixMatch(in: text)) != nil,
                (try? regex.firstMatch(in: text)) != nil,
            ]
            let actual = scopes.map { linear.matches(text, $0) }
            if actual != expected {
                return
                    "/\(pattern)/ on \(text.debugDescription): \(actual) (whole, prefix, anywhere), Regex says \(expected)"
            }
        }
        return checkWork(linear, pattern, text)
    }

    /// Swift's `Regex` for a pattern; `(?-w)`, which `Regex` does not read in a string (it writes `.simple` word
    /// boundaries so in `_literalPattern`), as `.wordBoundaryKind(.simple)` on the whole pattern when it comes first,
    /// else no `Regex`.
    private static func regex(_ pattern: String) throws -> Regex<AnyRegexOutput>? {
        guard pattern.contains("(?-w)") else { return try Regex(pattern) }
        guard pattern.hasPrefix("(?-w)"), !pattern.dropFirst(5).contains("(?-w)") else { return nil }
        return try Regex(String(pattern.dropFirst(5))).wordBoundaryKind(.simple)
    }

    /// On the text repeated to ``longUnits`` units, the work stays within the linear bound in every scope.
    private static func checkWork(_ linear: LinearPattern, _ pattern: String, _ text: String) -> String? {
        let scopes = [PatternMatch.wholeText, .prefix, .anywhere]
        var long = text.isEmpty ? "a" : text
        while long.count < longUnits { long += long }
        let unitCount = linear.matchesScalarsForFuzzing ? long.unicodeScalars.count : long.count
        let bound = (unitCount + 1) * (2 * linear.instructionCount + 2)
        for scope in scopes {
            let (_, steps) = linear.run(long, scope)
            if steps > bound { return "/\(pattern)/ took \(steps) steps on \(unitCount) units, more than \(bound)" }
        }
        return nil
    }
}
