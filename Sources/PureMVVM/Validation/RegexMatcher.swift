internal import Foundation

/// Matches a `Regex` from any thread. `Regex` is not `Sendable`, so every match happens under a lock.
final class RegexMatcher: @unchecked Sendable {
    private let lock = NSLock()
    private let wholeMatch: (String) -> Bool

    init<Output>(_ regex: Regex<Output>) {
        wholeMatch = { (try? regex.wholeMatch(in: $0)) != nil }
    }

    func matches(_ text: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return wholeMatch(text)
    }
}
