import Foundation
import PureMVVM
import XCTest

final class ValidationRuleTests: XCTestCase {
    func testRequiredFailsOnNilEmptyAndWhitespaceOnly() {
        for text in [nil, "", "   ", "\t\n", "\u{3000}"] as [String?] {
            XCTAssertEqual(ValidationRule.required.failures(for: text), ["Required."], "\(String(describing: text))")
        }
        XCTAssertEqual(ValidationRule.required.failures(for: " a "), [])
    }

    func testMinimumLengthIsTheSeedsSix() {
        let rule = ValidationRule.minimumLength(6)
        XCTAssertEqual(rule.failures(for: nil), ["Must be at least 6 characters."])
        XCTAssertEqual(rule.failures(for: "dimsk"), ["Must be at least 6 characters."])
        XCTAssertEqual(rule.failures(for: "dimsky"), [])
        XCTAssertTrue(ValidationRule.minimumLength(0).isSatisfied(by: nil))
    }

    func testLengthUnits() {
        let nfd = "e\u{0301}"  // "é" as two scalars, three bytes
        let family = "👨‍👩‍👧"  // one character, five scalars, eighteen bytes
        XCTAssertTrue(ValidationRule.maximumLength(1).isSatisfied(by: nfd))
        XCTAssertFalse(ValidationRule.maximumLength(1, in: .unicodeScalars).isSatisfied(by: nfd))
        XCTAssertTrue(ValidationRule.maximumLength(2, in: .unicodeScalars).isSatisfied(by: nfd))
        XCTAssertFalse(ValidationRule.maximumLength(2, in: .utf8).isSatisfied(by: nfd))
        XCTAssertTrue(ValidationRule.minimumLength(1).isSatisfied(by: family))
        XCTAssertFalse(ValidationRule.minimumLength(2).isSatisfied(by: family))
        XCTAssertTrue(ValidationRule.minimumLength(5, in: .unicodeScalars).isSatisfied(by: family))
        XCTAssertTrue(ValidationRule.minimumLength(18, in: .utf8).isSatisfied(by: family))
        XCTAssertFalse(ValidationRule.minimumLength(19, in: .utf8).isSatisfied(by: family))
        XCTAssertEqual(
            ValidationRule.maximumLength(72, in: .utf8).failures(for: String(repeating: "é", count: 37)),
            ["Must be at most 72 bytes."])
        XCTAssertEqual(
            ValidationRule.minimumLength(3, in: .unicodeScalars).failures(for: ""),
            ["Must be at least 3 code points."])
    }

    func testLengthRangeHasOneMessageForBothEnds() {
        let rule = ValidationRule.length(in: 6...8)
        XCTAssertEqual(rule.failures(for: "abc"), ["Must be 6 to 8 characters."])
        XCTAssertEqual(rule.failures(for: "abcdefghi"), ["Must be 6 to 8 characters."])
        XCTAssertEqual(rule.failures(for: "abcdefgh"), [])
        XCTAssertEqual(ValidationRule.length(in: 1...2, message: "Bad.").failures(for: ""), ["Bad."])
    }

    func testPatternMatchesTheWholeText() {
        let rule = ValidationRule.pattern(/[a-z]+[0-9]*/)
        XCTAssertTrue(rule.isSatisfied(by: "dimsky42"))
        XCTAssertEqual(rule.failures(for: "dimsky!"), ["Has an invalid format."])
        XCTAssertFalse(rule.isSatisfied(by: nil), "nil is matched as empty text, which + rejects")
        XCTAssertTrue(ValidationRule.pattern(/a*/).isSatisfied(by: nil))
    }

    func testPatternIsUsableFromManyThreads() {
        let rule = ValidationRule.pattern(/[a-z]{6}/)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            XCTAssertEqual(
                rule.isSatisfied(by: index.isMultiple(of: 2) ? "dimsky" : "dimsky1"), index.isMultiple(of: 2))
        }
    }

    func testAllowedCharactersChecksEveryScalar() {
        let rule = ValidationRule.allowedCharacters(.alphanumerics)
        XCTAssertTrue(rule.isSatisfied(by: "dimsky1"))
        XCTAssertTrue(rule.isSatisfied(by: nil))
        XCTAssertEqual(rule.failures(for: "dim sky"), ["Contains characters that are not allowed."])
        XCTAssertFalse(rule.isSatisfied(by: "dimsky\u{200F}"), "a right-to-left mark is not alphanumeric")
    }

    func testConfirmationComparesWithTheConfirmedText() {
        let rule = ValidationRule.confirmation()
        XCTAssertTrue(rule.isSatisfied(by: "balabala", confirming: "balabala"))
        XCTAssertEqual(rule.failures(for: "balabal", confirming: "balabala"), ["Does not match."])
        XCTAssertTrue(rule.isSatisfied(by: nil, confirming: nil))
        XCTAssertTrue(rule.isSatisfied(by: "caf\u{E9}", confirming: "cafe\u{301}"), "canonically equal texts match")
    }

    func testCustomReceivesNil() {
        let rule = ValidationRule.custom(message: "Must be nil.") { $0 == nil }
        XCTAssertTrue(rule.isSatisfied(by: nil))
        XCTAssertEqual(rule.failures(for: ""), ["Must be nil."])
    }

    func testAllReportsEveryFailureInOrder() {
        let rule = ValidationRule.all([
            .minimumLength(6),
            .allowedCharacters(.lowercaseLetters, message: "Lowercase only."),
            .maximumLength(10),
        ])
        XCTAssertEqual(rule.failures(for: "Dim"), ["Must be at least 6 characters.", "Lowercase only."])
        XCTAssertEqual(rule.failures(for: "dimsky"), [])
        XCTAssertEqual(ValidationRule.all([]).failures(for: nil), [])
    }

    func testAnyPassesWhenOnePassesAndOtherwiseReportsEveryFailure() {
        let rule = ValidationRule.any([
            .pattern(/[0-9]+/, message: "Digits."),
            .pattern(/[a-z]+/, message: "Letters."),
        ])
        XCTAssertTrue(rule.isSatisfied(by: "123"))
        XCTAssertTrue(rule.isSatisfied(by: "abc"))
        XCTAssertEqual(rule.failures(for: "a1"), ["Digits.", "Letters."])
        XCTAssertEqual(ValidationRule.any([]).failures(for: "x"), ["No rule can pass."])
    }

    func testNotInvertsARule() {
        let rule = ValidationRule.not(.pattern(/admin.*/), message: "Reserved.")
        XCTAssertEqual(rule.failures(for: "administrator"), ["Reserved."])
        XCTAssertTrue(rule.isSatisfied(by: "dimsky"))
    }

    func testMessagesCanBeReplaced() {
        XCTAssertEqual(ValidationRule.minimumLength(6, message: "Zu kurz.").failures(for: ""), ["Zu kurz."])
        XCTAssertEqual(ValidationRule.required.withMessage("Pflichtfeld.").failures(for: nil), ["Pflichtfeld."])
        let combined = ValidationRule.all([.minimumLength(6), .pattern(/[a-z]*/)]).withMessage("Invalid name.")
        XCTAssertEqual(combined.failures(for: "A"), ["Invalid name."])
        XCTAssertEqual(combined.failures(for: "abcdef"), [])
    }

    func testHugeAndOddTextNeverCrashesAndIsStable() {
        let huge = String(repeating: "a\u{0301}", count: 10_000)
        let odd = ["\0", "\u{1B}[2J", "\u{202E}", String(repeating: "👨‍👩‍👧", count: 500), huge]
        let rule = ValidationRule.all([
            .required, .minimumLength(6), .maximumLength(32), .maximumLength(72, in: .utf8),
            .pattern(/[a-z]*/), .allowedCharacters(.alphanumerics), .confirmation(),
        ])
        for text in odd {
            XCTAssertEqual(rule.failures(for: text), rule.failures(for: text))
        }
        XCTAssertEqual(ValidationRule.maximumLength(32).failures(for: huge), ["Must be at most 32 characters."])
        XCTAssertTrue(ValidationRule.minimumLength(10_000).isSatisfied(by: huge))
        XCTAssertFalse(ValidationRule.minimumLength(10_001).isSatisfied(by: huge))
    }
}
