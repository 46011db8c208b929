import LoginFeature
import TestSupport
import XCTest

/// The failure tally (issue 21, point 8): pam_faillock's `deny` failures in a row lock a name for `unlock_time`,
/// a success clears the count, and the text round-trips.
final class FailureTallyTests: GuardedTestCase {
    private let policy = FailureTally.Policy.standard  // 3 failures within 900 s lock for 600 s
    private let start: Int64 = 1_767_225_600

    func testThreeFailuresInARowLockANameForTenMinutes() {
        var tally = FailureTally()
        for second in 0..<2 {
            tally.recordFailure(of: "dimsky", at: start + Int64(second), policy: policy)
            XCTAssertNil(tally.lockTimeLeft(for: "dimsky", at: start + Int64(second), policy: policy))
        }
        tally.recordFailure(of: "dimsky", at: start + 2, policy: policy)
        XCTAssertEqual(tally.lockTimeLeft(for: "dimsky", at: start + 2, policy: policy), 600)
        XCTAssertEqual(tally.lockTimeLeft(for: "dimsky", at: start + 601, policy: policy), 1)
        XCTAssertNil(tally.lockTimeLeft(for: "dimsky", at: start + 602, policy: policy), "unlocked after 600 s")
        XCTAssertNil(tally.lockTimeLeft(for: "other", at: start + 2, policy: policy), "only the name is locked")
        XCTAssertEqual(
            tally.lockTimeLeft(for: "dimsky", at: start - 3_600, policy: policy), 600,
            "a clock set back an hour does not lengthen the lock")

        tally.recordFailure(of: "dimsky", at: start + 700, policy: policy)
        XCTAssertEqual(tally.records["dimsky"]?.failures, 1, "after the lock ran out, a failure starts a new row")
    }

    func testFailuresFartherApartThanTheFailIntervalStartANewRow() {
        var tally = FailureTally()
        tally.recordFailure(of: "dimsky", at: start, policy: policy)
        tally.recordFailure(of: "dimsky", at: start + 900, policy: policy)
        XCTAssertEqual(tally.records["dimsky"]?.failures, 2, "900 s apart: the same row")
        tally.recordFailure(of: "dimsky", at: start + 1801, policy: policy)
        XCTAssertEqual(tally.records["dimsky"]?.failures, 1, "901 s apart: a new row")
    }

    /// Issue 42: 900 s apart is one row, so forgetting the expired rows at exactly 900 s keeps a row, and the
    /// failure at that second locks the name; at 901 s the row is forgotten.
    func testARowExactlyTheFailIntervalOldIsKeptWhenExpiredRowsAreForgotten() {
        var tally = FailureTally()
        for _ in 0..<2 { tally.recordFailure(of: "dimsky", at: start, policy: policy) }
        tally.forgetExpired(at: start + 900, policy: policy)
        XCTAssertEqual(tally.records["dimsky"]?.failures, 2, "900 s old: still the row")
        tally.recordFailure(of: "dimsky", at: start + 900, policy: policy)
        XCTAssertEqual(tally.lockTimeLeft(for: "dimsky", at: start + 900, policy: policy), 600, "the third locks")

        var later = FailureTally()
        for _ in 0..<2 { later.recordFailure(of: "dimsky", at: start, policy: policy) }
        later.forgetExpired(at: start + 901, policy: policy)
        XCTAssertNil(later.records["dimsky"], "901 s old: forgotten")
    }

    func testAnUnlockTimeOfZeroLocksUntilResetAndADenyOfZeroCountsNothing() {
        let forever = FailureTally.Policy(deny: 2, unlockTime: 0)
        var tally = FailureTally()
        tally.recordFailure(of: "dimsky", at: start, policy: forever)
        tally.recordFailure(of: "dimsky", at: start, policy: forever)
        XCTAssertEqual(tally.lockTimeLeft(for: "dimsky", at: start + 100_000_000, policy: forever), .max)
        tally.forgetExpired(at: start + 100_000_000, policy: forever)
        XCTAssertNotNil(tally.records["dimsky"], "a lock until reset is never forgotten")
        XCTAssertTrue(tally.reset("dimsky"))
        XCTAssertNil(tally.lockTimeLeft(for: "dimsky", at: start, policy: forever))
        XCTAssertFalse(tally.reset("dimsky"))

        let off = FailureTally.Policy(deny: 0, unlockTime: 600)
        XCTAssertFalse(off.isEnabled)
        tally.recordFailure(of: "dimsky", at: start, policy: off)
        XCTAssertEqual(tally, FailureTally())
    }

    func testANameThatCouldNeverSignInIsNotCounted() {
        var tally = FailureTally()
        XCTAssertTrue(tally.recordFailure(of: "nobody.known", at: start, policy: policy))
        XCTAssertFalse(tally.recordFailure(of: "bad:name", at: start, policy: policy))
        XCTAssertFalse(tally.recordFailure(of: "#comment", at: start, policy: policy))
        let longest = String(repeating: "é", count: LoginRules.maximumNameBytes / 2)
        XCTAssertTrue(tally.recordFailure(of: longest, at: start, policy: policy))
        XCTAssertFalse(tally.recordFailure(of: longest + "e", at: start, policy: policy))
        XCTAssertEqual(Set(tally.records.keys), ["nobody.known", longest], "255 bytes is one too many")
    }

    func testOldCountsAreForgottenAndNoOthersCountIsEverDropped() {
        var tally = FailureTally()
        let long = FailureTally.Policy(deny: 3, unlockTime: 2000)
        tally.recordFailure(of: "old", at: start, policy: long)
        for _ in 0..<3 { tally.recordFailure(of: "locked", at: start, policy: long) }
        tally.forgetExpired(at: start + 1000, policy: long)
        XCTAssertEqual(Set(tally.records.keys), ["locked"], "a count older than the fail interval is forgotten")
        tally.forgetExpired(at: start + 2000, policy: long)
        XCTAssertEqual(Set(tally.records.keys), [], "once its lock is over, too")

        // Twice the 10,000 names the tally used to keep: every count stays, the first as the last.
        for number in 0..<20_000 {
            XCTAssertTrue(tally.recordFailure(of: "user\(number)", at: start + 1000, policy: policy))
        }
        XCTAssertEqual(tally.records.count, 20_000)
        XCTAssertEqual(tally.records["user0"]?.failures, 1)
        XCTAssertEqual(tally.records["user19999"]?.failures, 1)
    }

    /// Issue 40, F6: at the old cap of 10,000 names the lockout failed open. With 10,000 names locked (what 30,000
    /// failed sign-ins leave), no other name's failures were counted, so a victim's guesses were all checked; with
    /// 9,999 locked, one failure of any other name pushed out a victim's partial count. Now every failure counts.
    func testTenThousandLockedNamesLeaveEveryOtherNameCountedAndLocked() {
        var tally = FailureTally()
        for number in 0..<10_000 {
            for _ in 0..<3 { tally.recordFailure(of: "locked\(number)", at: start, policy: policy) }
        }
        for attempt in 0..<3 {
            XCTAssertNil(tally.lockTimeLeft(for: "victim01", at: start + 10, policy: policy), "attempt \(attempt)")
            XCTAssertTrue(tally.recordFailure(of: "victim01", at: start + 10, policy: policy))
        }
        XCTAssertEqual(tally.lockTimeLeft(for: "victim01", at: start + 10, policy: policy), 600, "the third locks")
        XCTAssertEqual(tally.records.count, 10_001)

        var partial = FailureTally()
        for number in 0..<9_999 {
            for _ in 0..<3 { partial.recordFailure(of: "locked\(number)", at: start, policy: policy) }
        }
        partial.recordFailure(of: "victim01", at: start, policy: policy)
        partial.recordFailure(of: "other.user", at: start + 1, policy: policy)
        partial.recordFailure(of: "third.user", at: start + 2, policy: policy)
        XCTAssertEqual(partial.records["victim01"]?.failures, 1, "another name's failure never drops the count")
        partial.recordFailure(of: "victim01", at: start + 3, policy: policy)
        partial.recordFailure(of: "victim01", at: start + 4, policy: policy)
        XCTAssertEqual(partial.lockTimeLeft(for: "victim01", at: start + 4, policy: policy), 600)
    }

    /// The tally's bound is its bytes, room for a line of every account of the largest account file (the
    /// arithmetic of ``FailureTally/maximumBytes``): checked here against the widest line it writes.
    func testTheBoundHoldsALineForEveryAccountOfTheLargestAccountFile() {
        let header = FailureTally().text.utf8.count
        let widest = ":\(FailureTally.maximumFailures):\(FailureTally.latestTime)\n".utf8.count
        XCTAssertEqual(widest, 22, "a tally line is its name and 22 bytes at most")
        let shortestEntry = "a@b:*\n".utf8.count  // the login form's shortest name, the shortest hash
        let entries = AccountFile.maximumBytes / shortestEntry
        let worst = header + AccountFile.maximumBytes + 1 + entries * (widest - (shortestEntry - 3))
        XCTAssertEqual(worst, 69_905_134)
        XCTAssertLessThan(worst, FailureTally.maximumBytes)
        XCTAssertEqual(FailureTally.maximumBytes, 83_886_080)
    }

    func testAFailureTakenBackLeavesTheOthers() {
        var tally = FailureTally()
        XCTAssertFalse(tally.withdrawFailure(of: "dimsky"))
        tally.recordFailure(of: "dimsky", at: start, policy: policy)
        tally.recordFailure(of: "dimsky", at: start + 1, policy: policy)
        XCTAssertTrue(tally.withdrawFailure(of: "dimsky"))
        XCTAssertEqual(tally.records["dimsky"]?.failures, 1)
        XCTAssertEqual(tally.records["dimsky"]?.lastFailure, start + 1, "the last failure keeps its time")
        XCTAssertTrue(tally.withdrawFailure(of: "dimsky"))
        XCTAssertNil(tally.records["dimsky"], "no failure left: no line")
    }

    /// Issue 31, F3: `now - lastFailure` trapped on a time of -2^63 (SIGILL), and a count of `Int.max` on its next
    /// failure. Such values are damaged: refused when read, and never reached by arithmetic that can trap.
    func testValuesThatWouldOverflowAreDamagedAndNeverTrap() {
        for text in [
            "dimsky:1:-9223372036854775808\n", "dimsky:1:-1\n", "dimsky:9223372036854775807:1\n",
            "dimsky:1000001:1\n", "dimsky:1:253402300800\n", "dimsky:1:9223372036854775807\n",
        ] {
            XCTAssertThrowsError(try FailureTally(parsing: text), text) { error in
                XCTAssertEqual(error as? AccountFileError, AccountFileError(.malformedTally, line: 1), text)
            }
        }
        XCTAssertNoThrow(try FailureTally(parsing: "dimsky:1000000:0\nbob.smith:1:253402300799\n"))

        var tally = try? FailureTally(parsing: "dimsky:1000000:0\nbob.smith:3:253402300799\n")
        XCTAssertEqual(tally?.lockTimeLeft(for: "dimsky", at: .max, policy: policy), nil)
        XCTAssertEqual(tally?.lockTimeLeft(for: "bob.smith", at: .min, policy: policy), 600)
        tally?.recordFailure(of: "dimsky", at: 100, policy: FailureTally.Policy(deny: 2_000_000, unlockTime: 0))
        XCTAssertEqual(tally?.records["dimsky"]?.failures, FailureTally.maximumFailures, "counting stops there")
        tally?.recordFailure(of: "later", at: .max, policy: policy)
        tally?.recordFailure(of: "earlier", at: .min, policy: policy)
        tally?.forgetExpired(at: .min, policy: policy)
        tally?.forgetExpired(at: .max, policy: policy)
        XCTAssertNoThrow(try FailureTally(parsing: tally?.text ?? ""), "what is written reads back")
    }

    func testTheTextRoundTripsAndAMalformedLineIsRefusedByLine() throws {
        var tally = FailureTally()
        tally.recordFailure(of: "dimsky", at: start, policy: policy)
        tally.recordFailure(of: "bob@example.com", at: start + 5, policy: policy)
        XCTAssertEqual(
            tally.text,
            """
            # login's failed sign-ins; delete a line (or the file) to reset a name's count
            bob@example.com:1:1767225605
            dimsky:1:1767225600

            """)
        XCTAssertEqual(try FailureTally(parsing: tally.text), tally)
        for (text, line) in [
            ("# c\ndimsky:1\n", 2), ("dimsky:x:1\n", 1), ("dimsky:0:1\n", 1), ("dimsky:1:1\ndimsky:2:2\n", 2),
            ("di msky:1:1\n", 1), ("a:1:1:1\n", 1),
        ] {
            XCTAssertThrowsError(try FailureTally(parsing: text), text) { error in
                XCTAssertEqual((error as? AccountFileError)?.line, line, text)
            }
        }
    }
}
