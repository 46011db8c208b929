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

    func testAnyTypedNameIsCountedButOneThatCannotBeWrittenIsNot() {
        var tally = FailureTally()
        tally.recordFailure(of: "nobody.known", at: start, policy: policy)
        tally.recordFailure(of: "bad:name", at: start, policy: policy)
        tally.recordFailure(of: "#comment", at: start, policy: policy)
        XCTAssertEqual(Set(tally.records.keys), ["nobody.known"])
    }

    func testOldCountsAreForgottenAndTheNamesAreCapped() {
        var tally = FailureTally()
        let long = FailureTally.Policy(deny: 3, unlockTime: 2000)
        tally.recordFailure(of: "old", at: start, policy: long)
        for _ in 0..<3 { tally.recordFailure(of: "locked", at: start, policy: long) }
        tally.forgetExpired(at: start + 1000, policy: long)
        XCTAssertEqual(Set(tally.records.keys), ["locked"], "a count older than the fail interval is forgotten")
        tally.forgetExpired(at: start + 2000, policy: long)
        XCTAssertEqual(Set(tally.records.keys), [], "once its lock is over, too")

        for number in 0..<FailureTally.maximumNames {
            tally.recordFailure(of: "user\(number)", at: start + 1000 + Int64(number % 2), policy: policy)
        }
        XCTAssertEqual(tally.records.count, FailureTally.maximumNames)
        XCTAssertNotNil(tally.records["user1"], "the oldest went first")
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
