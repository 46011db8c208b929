/// The failed sign-ins of each account name, kept between sessions, as pam_faillock keeps them: after
/// ``Policy/deny`` failures in a row (each within ``Policy/failInterval`` of the one before), the name is locked for
/// ``Policy/unlockTime``; a successful sign-in clears its count.
///
/// Only names that have an account are counted, as pam_faillock counts only users that exist: the caller counts a
/// failure of a known name, never of a name typed at random, so no one can fill the tally with names. Its text is
/// one line per name, `name:failures:time` (the time of the last failure, in seconds since 1970), after `#`
/// comments:
///
/// ```
/// # login's failed sign-ins; delete a line (or the file) to reset a name's count
/// dimsky:2:1767225600
/// ```
///
/// Reading is strict, as for an ``AccountFile``: a malformed line is an error naming its line, and so is a count
/// above ``maximumFailures`` or a time outside 1970 to ``latestTime``, which no tally written here holds (such a
/// value would overflow the arithmetic of a lock).
public struct FailureTally: Hashable, Sendable {
    /// When a name is locked.
    public struct Policy: Hashable, Sendable {
        /// How many failures in a row lock a name; 0 turns the tally off.
        public var deny: Int
        /// How long a locked name stays locked after its last failure, in seconds; 0 locks it until its count is
        /// reset (by deleting its line, or by giving the account a new password).
        public var unlockTime: Int
        /// How far apart two failures may be and still count in the same row, in seconds.
        public var failInterval: Int

        /// Creates a policy.
        ///
        /// - Parameters:
        ///   - deny: How many failures in a row lock a name; 0 turns the tally off. Negative counts as 0.
        ///   - unlockTime: How long a name stays locked, in seconds; 0 until reset. Negative counts as 0.
        ///   - failInterval: How far apart failures in a row may be, in seconds; 900 by default.
        public init(deny: Int, unlockTime: Int, failInterval: Int = 900) {
            self.deny = max(deny, 0)
            self.unlockTime = max(unlockTime, 0)
            self.failInterval = max(failInterval, 0)
        }

        /// pam_faillock's defaults: 3 failures within 15 minutes lock a name for 10 minutes.
        public static let standard = Policy(deny: 3, unlockTime: 600)

        /// Whether the tally counts at all.
        public var isEnabled: Bool {
            deny > 0
        }
    }

    /// One name's count.
    public struct Record: Hashable, Sendable {
        /// Failures in a row.
        public var failures: Int
        /// When the last one happened, in seconds since 1970.
        public var lastFailure: Int64
    }

    /// The largest tally, in bytes, read or written: 80 MiB. There is no cap on names: every failure of an account is
    /// counted, whatever else the tally holds or locks, and no count is dropped for another name's. A tally that
    /// would grow past this makes the sign-in that would grow it unavailable (the caller fails closed), and a larger
    /// one is refused when read.
    ///
    /// The bound holds for every account of the largest account file at once: only account names are counted, one
    /// line each. An ``AccountFile`` is at most ``AccountFile/maximumBytes`` (16,777,216 bytes), and an entry's line
    /// is its name, a `:`, a hash of at least one byte and a line break: the name and at least 3 bytes. A tally's
    /// line is the name, a `:`, a count of at most 7 digits (``maximumFailures``), a `:`, a time of at most 12
    /// digits (``latestTime``) and a line break: the name and at most 22 bytes, 19 more than the entry's line at
    /// most. The login form takes no name shorter than 3 bytes (an email address such as `a@b`; other names have 6
    /// characters at least), so an entry's line has 6 bytes at least and the file 2,796,202 entries at most: a tally
    /// of them all is at most 16,777,217 + 19 · 2,796,202 + 79 (its comment) = 69,905,134 bytes, under 80 MiB
    /// (83,886,080). For 100,000 accounts with names of 32 bytes it is at most 100,000 · 54 = 5.4 MB.
    public static let maximumBytes = 80 << 20

    /// The largest count read; a larger one is damaged. Counting stops there.
    public static let maximumFailures = 1_000_000

    /// The latest time read, 9999-12-31 23:59:59 UTC; a later one (or one before 1970) is damaged. A failure is
    /// recorded at a time within 0 to this.
    public static let latestTime: Int64 = 253_402_300_799

    /// Each name's count, by name as typed.
    public private(set) var records: [String: Record] = [:]

    /// Creates an empty tally.
    public init() {}

    /// Reads a tally's text.
    ///
    /// - Parameter text: The text, as ``text`` writes it.
    /// - Throws: ``AccountFileError`` naming the first malformed line.
    public init(parsing text: String) throws(AccountFileError) {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 3, let failures = Int(fields[1]), failures > 0, failures <= Self.maximumFailures,
                let time = Int64(fields[2]), time >= 0, time <= Self.latestTime
            else {
                throw AccountFileError(.malformedTally, line: number)
            }
            let name = String(fields[0])
            do {
                try AccountFile.checkName(name)
            } catch {
                throw AccountFileError(error.reason, line: number)
            }
            guard records[name] == nil else { throw AccountFileError(.malformedTally, line: number) }
            records[name] = Record(failures: failures, lastFailure: time)
        }
    }

    /// The tally's text: a comment, then one line per name, in name order.
    public var text: String {
        var text = "# login's failed sign-ins; delete a line (or the file) to reset a name's count\n"
        for name in records.keys.sorted() {
            guard let record = records[name] else { continue }
            text += "\(name):\(record.failures):\(record.lastFailure)\n"
        }
        return text
    }

    /// How long a name stays locked.
    ///
    /// - Parameters:
    ///   - name: The name typed.
    ///   - now: The time, in seconds since 1970.
    ///   - policy: When names are locked.
    /// - Returns: The seconds left, `Int.max` when it stays locked until reset, or `nil` when it is not locked.
    public func lockTimeLeft(for name: String, at now: Int64, policy: Policy) -> Int? {
        guard policy.isEnabled, let record = records[name], record.failures >= policy.deny else { return nil }
        if policy.unlockTime == 0 { return .max }
        let elapsed = max(Self.seconds(from: record.lastFailure, to: now), 0)
        return elapsed < Int64(policy.unlockTime) ? policy.unlockTime - Int(elapsed) : nil
    }

    /// Counts a failed sign-in; a failure more than ``Policy/failInterval`` after the last one, or after a lock
    /// that has run out, starts a new row. Every name is counted, however many others the tally holds or locks: no
    /// count is ever dropped to make room (the tally's bound is its bytes, ``maximumBytes``).
    ///
    /// - Parameters:
    ///   - name: The account's name; one that can never be an account name (``AccountFile/checkName(_:)``, or
    ///     longer than ``LoginRules/maximumNameBytes``) is not counted, since it cannot sign in.
    ///   - now: The time, in seconds since 1970.
    ///   - policy: When names are locked.
    /// - Returns: Whether the failure was counted: `false` for such a name, or when the policy counts nothing. A
    ///   caller that counts before checking a password must not check it uncounted.
    @discardableResult
    public mutating func recordFailure(of name: String, at now: Int64, policy: Policy) -> Bool {
        guard policy.isEnabled, name.utf8.count <= LoginRules.maximumNameBytes,
            (try? AccountFile.checkName(name)) != nil
        else { return false }
        var record = records[name] ?? Record(failures: 0, lastFailure: now)
        let lockRanOut = record.failures >= policy.deny && lockTimeLeft(for: name, at: now, policy: policy) == nil
        if lockRanOut || Self.seconds(from: record.lastFailure, to: now) > Int64(policy.failInterval) {
            record.failures = 0
        }
        record.failures = min(record.failures + 1, Self.maximumFailures)
        record.lastFailure = min(max(now, 0), Self.latestTime)
        records[name] = record
        return true
    }

    /// Takes one failure of a name back: a sign-in counted before its password was checked, whose password was
    /// right, or could not be checked. The name's last failure keeps its time.
    ///
    /// - Parameter name: The name.
    /// - Returns: Whether the name had a failure to take back.
    @discardableResult
    public mutating func withdrawFailure(of name: String) -> Bool {
        guard var record = records[name] else { return false }
        record.failures -= 1
        records[name] = record.failures > 0 ? record : nil
        return true
    }

    /// Clears a name's count, after a successful sign-in or a new password.
    ///
    /// - Parameter name: The name.
    /// - Returns: Whether it had one.
    @discardableResult
    public mutating func reset(_ name: String) -> Bool {
        records.removeValue(forKey: name) != nil
    }

    /// Forgets the counts that no longer matter: a row whose last failure is older than the fail interval, unless
    /// it locks its name still (until its unlock time, or for ever with an unlock time of 0).
    ///
    /// - Parameters:
    ///   - now: The time, in seconds since 1970.
    ///   - policy: When names are locked.
    public mutating func forgetExpired(at now: Int64, policy: Policy) {
        records = records.filter { name, record in
            lockTimeLeft(for: name, at: now, policy: policy) != nil
                || Self.seconds(from: record.lastFailure, to: now) <= Int64(policy.failInterval)
        }
    }

    /// The seconds from one time to another, as far as an `Int64` holds them (never an overflow).
    private static func seconds(from start: Int64, to end: Int64) -> Int64 {
        let (difference, overflow) = end.subtractingReportingOverflow(start)
        guard overflow else { return difference }
        return end < start ? .min : .max
    }
}
