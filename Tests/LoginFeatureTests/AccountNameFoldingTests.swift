import LoginFeature
import TestSupport
import XCTest

/// Names that look the same are one name when accounts are created (issue 21, point 6).
final class AccountNameFoldingTests: GuardedTestCase {
    func testCaseAndUnicodeFormsAreSetAside() {
        let same: [(String, String)] = [
            ("victim@example.com", "Victim@Example.com"), ("victim@example.com", "VICTIM@example.COM"),
            ("jos\u{E9}", "jose\u{301}"), ("JOS\u{C9}", "jose\u{301}"), ("stra\u{DF}e", "STRASSE"),
            ("kelvin", "\u{212A}ELVIN"), ("\u{3C3}\u{3C2}", "\u{3A3}\u{3A3}"),
        ]
        for (first, second) in same {
            XCTAssertTrue(AccountNameFolding.isSameName(first, second), "\(first) and \(second)")
            XCTAssertEqual(AccountNameFolding.key(first), AccountNameFolding.key(second))
        }
        let different: [(String, String)] = [
            ("victim@example.com", "victim@example.co"), ("dimsky", "dim.sky"),
            ("paypal", "p\u{430}ypal"),  // a Cyrillic а: a confusable across scripts, not the same by this rule
        ]
        for (first, second) in different {
            XCTAssertFalse(AccountNameFolding.isSameName(first, second), "\(first) and \(second)")
        }
    }

    func testAnAccountFileFindsTheEntryWithTheSameName() throws {
        let file = try AccountFile(
            parsing: "# team\ndimsky:fake$a\nvictim@example.com:fake$b\njos\u{E9}:fake$c\nK\u{F6}nig:fake$d\n")
        XCTAssertEqual(file.entry(sameNameAs: "VICTIM@Example.COM")?.line, 3)
        XCTAssertEqual(file.entry(sameNameAs: "victim@example.com")?.account.name, "victim@example.com")
        XCTAssertEqual(file.entry(sameNameAs: "JOSE\u{301}")?.line, 4)
        XCTAssertEqual(file.entry(sameNameAs: "ko\u{308}nig")?.line, 5)
        XCTAssertEqual(file.entry(sameNameAs: "DIMSKY")?.account.name, "dimsky")
        XCTAssertNil(file.entry(sameNameAs: "dimsky2"))
        XCTAssertNil(file.account(named: "DIMSKY"), "signing in still takes the name as written")
    }
}
