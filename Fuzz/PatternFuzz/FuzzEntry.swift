// The pattern fuzz target: random patterns of the regular subset against Swift Regex, and their work on long text.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/pattern, or the files it is given. Either way it first times `(a+)+b` on 100,000 characters.

internal import FuzzSupport
internal import PureMVVM

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

#if FUZZING
    /// libFuzzer's entry point: one input, checked; a failed check stops the process.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzCorpus.crash(on: PatternFuzz.check(bytes))
        return 0
    }
#endif

/// The executable's entry point: libFuzzer's driver in a fuzzing build, the corpus replay otherwise.
@main
enum FuzzEntry {
    static func main() {
        FuzzCorpus.crash(on: timeCatastrophicPattern())
        #if FUZZING
            exit(FuzzDriver.run(fuzzOneInput))
        #else
            FuzzCorpus.replay(PatternFuzz.target, check: PatternFuzz.check)
        #endif
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
