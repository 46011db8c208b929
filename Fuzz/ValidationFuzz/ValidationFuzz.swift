// The validation fuzz target: rules built from random bounds and units, evaluated on random text.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/validation, or the files it is given.

internal import FuzzSupport
internal import PureMVVM

/// Builds a rule from ``RuleCatalog`` (random kinds, bounds, units and combinations), evaluates it on random
/// texts, and checks the answer against the rule's plain meaning: pass or fail as the oracle says, the rule's
/// message on a failure, and `isSatisfied(by:)` agreeing with `failures(for:)`. Any trap (an overflow, a
/// precondition) is a crash libFuzzer keeps.
@main
enum ValidationFuzz: FuzzTarget {
    static let target = "validation"

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input.
    /// - Returns: `nil` when every evaluation agreed with the oracle, or the first that did not.
    static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let rule = RuleCatalog.rule(&input, depth: 0)
        var evaluations = 0
        repeat {
            evaluations += 1
            let text = self.text(&input)
            let confirmed = input.byte() % 2 == 0 ? text : self.text(&input)
            if let problem = rule.check(text, confirmed) {
                return "\(rule.summary) on \(text.debugDescription): \(problem)"
            }
        } while !input.isEmpty && evaluations < 8
        return nil
    }

    /// Pieces that make lengths differ by unit: combining marks, a ZWJ sequence, CR LF (one character, two
    /// scalars), wide and invisible characters, whitespace of several kinds.
    private static let palette = [
        "a", "Z", "0", "_", "é", "e\u{301}", "👨‍👩‍👧", "中", " ", "\t", "\n", "\r\n", "\u{0}", "\u{200B}", "\u{A0}",
        "\u{3000}", "\u{1F1FA}\u{1F1F8}", "\u{202E}",
    ]

    private static func text(_ input: inout FuzzInput) -> String? {
        if input.byte() % 16 == 0 { return nil }
        var text = ""
        for _ in 0..<input.int(in: 0...12) {
            let pick = input.byte()
            if pick < 200 {
                text += palette[Int(pick) % palette.count]
            } else {
                text += input.text(upTo: 8)
            }
        }
        return text
    }
}
