internal import FuzzSupport
internal import PureMVVM

extension PatternFuzz {
    /// The executable's entry point: times `(a+)+b` on 100,000 characters first, then fuzzes or replays as every
    /// target does.
    static func main() {
        FuzzCorpus.crash(on: timeCatastrophicPattern())
        run()
    }

    /// `(a+)+b` on 100,000 a's, the example, with the rule and with the automaton, in every scope: each must
    /// answer in well under a second (a backtracking engine takes 45 seconds on 20 characters). Prints the times.
    static func timeCatastrophicPattern() -> String? {
        let text = String(repeating: "a", count: 100_000)
        let clock = ContinuousClock()
        var report: [String] = []
        let rules: [(String, ValidationRule?)] = [
            ("pattern(/(a+)+b/)", ValidationRule.pattern(/(a+)+b/)),
            ("pattern(\"(a+)+b\")", try? ValidationRule.pattern("(a+)+b")),
            ("pattern(\"(a+)+b\", match: .anywhere)", try? ValidationRule.pattern("(a+)+b", match: .anywhere)),
        ]
        for (name, rule) in rules {
            guard let rule else { return "\(name) did not compile" }
            let start = clock.now
            let passes = rule.isSatisfied(by: text)
            let time = start.duration(to: clock.now)
            if passes { return "\(name) matched 100,000 a's" }
            if time > .seconds(1) { return "\(name) took \(time) on 100,000 a's" }
            report.append("\(name): \(time)")
        }
        print("PatternFuzz: (a+)+b on 100,000 characters: " + report.joined(separator: ", "))
        return nil
    }
}
