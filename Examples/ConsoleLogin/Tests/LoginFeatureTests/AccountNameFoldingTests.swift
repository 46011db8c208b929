import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import LoginFeature

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

    /// Issue 31, F8: `add-user` took fullwidth `ａｌｉｃｅ01` beside `alice01`, though the README says names that
    /// differ only in Unicode form are one name: folding was NFC and case, not NFKC (compatibility) and case.
    func testCompatibilityFormsAreSetAsideAsNFKCDoes() throws {
        let same: [(String, String)] = [
            ("\u{FF41}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}\u{FF10}\u{FF11}", "alice01"),  // fullwidth
            ("\u{FF21}\u{FF2C}\u{FF29}\u{FF23}\u{FF25}01", "alice01"),  // fullwidth capitals
            ("\u{FB01}ne", "FINE"), ("\u{24D0}lice", "alice"), ("\u{1D41A}lice", "alice"), ("user\u{B2}", "user2"),
            ("\u{FF76}\u{FF9E}", "\u{30AC}"),  // halfwidth katakana ka and its voiced mark, the fullwidth ga
            ("\u{2168}", "ix"), ("\u{1E9B}\u{323}", "\u{1E69}"),  // roman numeral nine; NFKC's own example
            ("\u{2160}\u{2161}", "\u{2170}\u{2171}"),  // upper and lower roman numerals (case, then forms)
        ]
        for (first, second) in same {
            XCTAssertTrue(AccountNameFolding.isSameName(first, second), "\(first) and \(second)")
            XCTAssertEqual(AccountNameFolding.key(first), AccountNameFolding.key(second), "\(first) and \(second)")
        }
        let file = try AccountFile(parsing: "alice01:fake$a\n")
        XCTAssertEqual(file.entry(sameNameAs: "\u{FF41}\u{FF4C}\u{FF49}\u{FF43}\u{FF45}\u{FF10}\u{FF11}")?.line, 1)
        XCTAssertFalse(AccountNameFolding.isSameName("alice01", "alice0l"))
        XCTAssertFalse(AccountNameFolding.isSameName("\u{FF41}lice", "blice"))
    }

    /// The table against Foundation's NFKD (ICU's, which `login` does not load): for every scalar of the table and
    /// every 61st other scalar of Unicode 14, after a letter, the key is Foundation's NFKD of the case-folded text,
    /// up to canonical equivalence. (Every scalar takes 3 s in a debug build: the name fuzz target, AccountFileFuzz,
    /// checks random names against the same reference.)
    func testTheFoldingIsFoundationsNFKDForTheTableAndASampleOfUnicode14() {
        XCTAssertEqual(CompatibilityForms.unicodeVersion, "14.0.0")
        XCTAssertEqual(CompatibilityForms.decompositions.count, 3_813, "every entry of the table was read")
        let sample = Set(CompatibilityForms.decompositions.keys).union(stride(from: 0, to: 0x110000, by: 61))
        var differences: [String] = []
        for value in sample.sorted() {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major <= 14,
                scalar.properties.generalCategory != .unassigned
            else { continue }
            let text = "a" + String(scalar)
            let folded = text.decomposedStringWithCompatibilityMapping.uppercased().lowercased()
                .decomposedStringWithCompatibilityMapping
            if AccountNameFolding.key(text) != folded { differences.append(String(value, radix: 16)) }
        }
        XCTAssertEqual(differences, [])
    }

    /// Issue 42: the key decomposes compatibility forms once, before case is set aside. A second pass after case
    /// (which the key had) changed nothing, since no case mapping makes a compatibility form; this holds that for
    /// every scalar the runtime knows, whose case mappings may be of a newer Unicode than the table's. Should a
    /// scalar's upper then lower case hold a scalar the table decomposes, two names that fold alike by NFKC would
    /// get different keys: the key would need its second pass again. (A `while` loop, not a `for` over a range: a
    /// debug build runs the range's generic iterator unspecialised, most of the test's time.)
    func testNoCaseMappingMakesACompatibilityFormSoOnePassIsEnough() {
        let table = CompatibilityForms.decompositions
        var makers: [String] = []
        var checked = 0
        var value: UInt32 = 0
        while value < 0x11_0000 {
            defer { value += 1 }
            guard let scalar = Unicode.Scalar(value), table[value] == nil else { continue }
            checked += 1
            let folded = String(scalar).uppercased().lowercased()
            if folded.unicodeScalars.contains(where: { table[$0.value] != nil }) {
                makers.append(String(value, radix: 16))
            }
        }
        XCTAssertEqual(makers, [])
        XCTAssertEqual(checked, 0x11_0000 - 0x800 - table.count, "every scalar but the table's is checked")
        XCTAssertEqual(AccountNameFolding.key("\u{2160}\u{FB01}"), "ifi", "Ⅰ is I and ﬁ is fi, then case is set aside")
    }

    /// The iota subscript (U+0345) upper-cases to a letter, `Ι`: the marks written after it belong to the letter
    /// before it, as canonical decomposition puts them before case is set aside (Unicode's compatibility caseless
    /// match, D146). AccountFileFuzz found the first name (`s`, the subscript, a dot below), which folded as
    /// `sι̣ae`, the dot moved onto the `ι`; the second holds the subscript in one scalar (`ᾳ`) followed by an acute,
    /// which folded as `αί`.
    func testMarksAfterTheIotaSubscriptStayWithTheLetterBeforeIt() {
        let names = ["s\u{345}\u{323}ae", "\u{1FB3}\u{301}", "\u{1FB3}\u{323}x", "A\u{345}\u{301}\u{316}"]
        for name in names {
            let folded = name.decomposedStringWithCompatibilityMapping.uppercased().lowercased()
                .decomposedStringWithCompatibilityMapping
            let scalars = name.unicodeScalars.map { String($0.value, radix: 16) }
            XCTAssertEqual(AccountNameFolding.key(name), folded, scalars.joined(separator: " "))
        }
        XCTAssertEqual(AccountNameFolding.key("s\u{345}\u{323}ae"), "\u{1E63}\u{3B9}ae")
        XCTAssertTrue(AccountNameFolding.isSameName("s\u{345}\u{323}ae", "\u{1E63}\u{345}ae"))
        XCTAssertEqual(AccountNameFolding.key("\u{1FB3}\u{301}"), "\u{3AC}\u{3B9}", "ά then ι")
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
