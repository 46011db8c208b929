import LoginFeature
import PureMVVM
import TestSupport
import XCTest

/// What the fuzz targets found, as plain tests beside the saved inputs in Fixtures/fuzz.
final class FuzzFindingsTests: GuardedTestCase {
    /// ValidationFuzz: `maximumLength(Int.max)` computed `bound + 1` and trapped on the overflow, in every unit,
    /// and so did `length(in: n...Int.max)`.
    func testAMaximumOfIntMaxPassesEveryTextInEveryUnit() {
        for unit in [LengthUnit.characters, .unicodeScalars, .utf8] {
            XCTAssertEqual(ValidationRule.maximumLength(.max, in: unit).failures(for: "abc"), [])
            XCTAssertEqual(ValidationRule.length(in: 2...Int.max, unit: unit).failures(for: "abc"), [])
            XCTAssertEqual(ValidationRule.length(in: Int.min...Int.max, unit: unit).failures(for: nil), [])
        }
    }

    /// AccountFileFuzz, against its reference parser: a line starting with "#" and a combining mark was read as
    /// an entry named "#\u{301}…" (one Character that is not "#"), while other tools, which read bytes, see a
    /// comment; and `add-user` accepted such a name.
    func testALineStartingWithNumberSignAndACombiningMarkIsAComment() throws {
        let file = try AccountFile(parsing: "#\u{301}name:$6$a$b\n")
        XCTAssertEqual(file.lines, [.other("#\u{301}name:$6$a$b")])
        XCTAssertThrowsError(try AccountFile.checkName("#\u{301}name")) { error in
            XCTAssertEqual(error as? AccountFileError, AccountFileError(.invalidName(.startsWithCommentSign)))
        }
    }
}
