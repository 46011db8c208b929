/// Matches a `Regex` from any thread. `Regex` is not `Sendable`, so the matcher owns it (it is handed over with
/// `sending`) and every match happens under a lock.
///
/// A regex whose output is only the whole match (no captures, like most validation patterns) is kept as a
/// `Regex<Substring>`, so each match calls the regex engine with types known here; a generic `Output` would make
/// every match look its types up at run time.
final class RegexMatcher: Sendable {
    private let match: Locked<(String) -> Bool>

    init<Output>(_ regex: sending Regex<Output>, _ scope: PatternMatch) {
        if let plain = Regex(Regex<AnyRegexOutput>(regex), as: Substring.self) {
            match = Locked(Self.matcher(plain, scope))
        } else {
            match = Locked(Self.matcher(regex, scope))
        }
    }

    private static func matcher<Output>(_ regex: sending Regex<Output>, _ scope: PatternMatch) -> (String) -> Bool {
        switch scope {
        case .wholeText: { (try? regex.wholeMatch(in: $0)) != nil }
        case .prefix: { (try? regex.prefixMatch(in: $0)) != nil }
        case .anywhere: { (try? regex.firstMatch(in: $0)) != nil }
        }
    }

    func matches(_ text: String) -> Bool {
        match.withLock { $0(text) }
    }
}
