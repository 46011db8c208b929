internal import Synchronization

/// Matches a `Regex` from any thread. `Regex` is not `Sendable`, so the matcher owns it (it is handed over with
/// `sending`) and every match happens under a lock.
final class RegexMatcher: Sendable {
    private let match: Mutex<(String) -> Bool>

    init<Output>(_ regex: sending Regex<Output>, _ scope: PatternMatch) {
        let match: (String) -> Bool =
            switch scope {
            case .wholeText: { (try? regex.wholeMatch(in: $0)) != nil }
            case .prefix: { (try? regex.prefixMatch(in: $0)) != nil }
            case .anywhere: { (try? regex.firstMatch(in: $0)) != nil }
            }
        self.match = Mutex(match)
    }

    func matches(_ text: String) -> Bool {
        match.withLock { $0(text) }
    }
}
