import Foundation
import PureMVVM
import TestSupport
import XCTest

final class ValidationRuleTests: GuardedTestCase {
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

    /// Issue 21, point 7: a password is hashed as bytes, so its confirmation compares bytes, not canonical
    /// equivalence: NFC `passé123` then NFD `passé123` is a mismatch.
    func testConfirmationComparesTheExactScalarsNotCanonicalEquivalence() {
        let rule = ValidationRule.confirmation()
        let composed = "pass\u{E9}123"
        let decomposed = "passe\u{301}123"
        XCTAssertEqual(composed, decomposed, "equal Swift strings")
        XCTAssertEqual(rule.failures(for: decomposed, confirming: composed), ["Does not match."])
        XCTAssertEqual(rule.failures(for: composed, confirming: composed), [])
        XCTAssertEqual(rule.failures(for: "", confirming: nil), [], "nil confirms empty text")
    }

    func testConfirmationComparesWithTheConfirmedText() {
        let rule = ValidationRule.confirmation()
        XCTAssertTrue(rule.isSatisfied(by: "balabala", confirming: "balabala"))
        XCTAssertEqual(rule.failures(for: "balabal", confirming: "balabala"), ["Does not match."])
        XCTAssertTrue(rule.isSatisfied(by: nil, confirming: nil))
        XCTAssertFalse(rule.isSatisfied(by: "caf\u{E9}", confirming: "cafe\u{301}"), "not the same bytes (issue 21)")
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
        XCTAssertEqual(rule.failures(for: "dimskY"), ["Lowercase only."], "a passing part before a failing one")
        XCTAssertEqual(rule.failures(for: "dimsky"), [])
        XCTAssertEqual(ValidationRule.all([]).failures(for: nil), [])
        let nested = ValidationRule.all([rule, .allowedCharacters(ScalarSet("D").inverted, message: "No D.")])
        XCTAssertEqual(nested.failures(for: "Dim"), ["Must be at least 6 characters.", "Lowercase only.", "No D."])
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

    func testMessagesReadRightForOneAndForExactLengths() {
        XCTAssertEqual(ValidationRule.minimumLength(1).failures(for: nil), ["Must be at least 1 character."])
        XCTAssertEqual(
            ValidationRule.maximumLength(1, in: .unicodeScalars).failures(for: "ab"), ["Must be at most 1 code point."])
        XCTAssertEqual(ValidationRule.maximumLength(1, in: .utf8).failures(for: "é"), ["Must be at most 1 byte."])
        XCTAssertEqual(ValidationRule.length(in: 5...5).failures(for: "abc"), ["Must be exactly 5 characters."])
        XCTAssertEqual(ValidationRule.length(exactly: 1).failures(for: ""), ["Must be exactly 1 character."])
        XCTAssertEqual(
            ValidationRule.length(exactly: 4, unit: .utf16, message: "Four units.").failures(for: "\u{1F600}"),
            ["Four units."])
    }

    func testUTF16CountsWhatUIKitCounts() {
        let rule = ValidationRule.maximumLength(3, in: .utf16)
        XCTAssertTrue(rule.isSatisfied(by: "a\u{1F600}"), "😀 is two UTF-16 code units")
        XCTAssertEqual(rule.failures(for: "ab\u{1F600}"), ["Must be at most 3 UTF-16 code units."])
        XCTAssertTrue(ValidationRule.length(exactly: 3, unit: .utf16).isSatisfied(by: "éab"))
    }

    func testPatternCanMatchTheStartOrAnyPart() {
        let contains = ValidationRule.pattern(/[0-9]/, match: .anywhere, message: "Add a digit.")
        XCTAssertTrue(contains.isSatisfied(by: "abc\n123"), "a newline does not hide the digits")
        XCTAssertEqual(contains.failures(for: "abc"), ["Add a digit."])
        XCTAssertFalse(ValidationRule.pattern(/.*[0-9].*/).isSatisfied(by: "abc\n123"), "'.' stops at a newline")
        let startsWith = ValidationRule.pattern(/\+86/, match: .prefix)
        XCTAssertTrue(startsWith.isSatisfied(by: "+8613800000000"))
        XCTAssertFalse(startsWith.isSatisfied(by: "0086"))
        XCTAssertFalse(ValidationRule.pattern(/[0-9]/).isSatisfied(by: "12"), "the default is a whole match")
    }

    func testPatternFromAStringFailsClearlyWhenInvalid() throws {
        let rule = try ValidationRule.pattern("[a-z]+", message: "Lowercase.")
        XCTAssertTrue(rule.isSatisfied(by: "dimsky"))
        XCTAssertEqual(rule.failures(for: "Dimsky"), ["Lowercase."])
        XCTAssertTrue(try ValidationRule.pattern("[0-9]", match: .anywhere).isSatisfied(by: "a1"))
        XCTAssertThrowsError(try ValidationRule.pattern("[a-z")) { error in
            guard let error = error as? InvalidPatternError else { return XCTFail("\(type(of: error))") }
            XCTAssertEqual(error.pattern, "[a-z")
            XCTAssertFalse(error.reason.isEmpty)
            XCTAssertTrue(error.description.hasPrefix("invalid pattern \"[a-z\": "), error.description)
        }
    }

    func testEmailFollowsWHATWG() {
        let email = ValidationRule.email()
        for valid in ["dimsky@example.com", "a.b+c@mail.example.org", "dimsky@localhost", "x@xn--fiqs8s"] {
            XCTAssertTrue(email.isSatisfied(by: valid), valid)
        }
        for invalid in [nil, "", "dimsky", "@x.com", "a@", "a@b.", "a@-b.com", "\"a b\"@x.com", "a@例子.公司", " a@b.com"] {
            XCTAssertEqual(
                email.failures(for: invalid), ["Enter a valid email address."], "\(String(describing: invalid))")
        }
    }

    func testNumbersWithAndWithoutARange() {
        XCTAssertTrue(ValidationRule.integer().isSatisfied(by: "-42"))
        XCTAssertEqual(ValidationRule.integer().failures(for: "4.2"), ["Enter a whole number."])
        let age = ValidationRule.integer(in: 18...130)
        XCTAssertEqual(age.failures(for: "17"), ["Must be from 18 to 130."])
        XCTAssertEqual(age.failures(for: "abc"), ["Enter a whole number."], "only the first failure shows")
        XCTAssertEqual(ValidationRule.integer(in: 1..., message: "Bad.").failures(for: "0"), ["Bad."])
        XCTAssertEqual(ValidationRule.integer(in: 1..., message: "Bad.").failures(for: "x"), ["Bad."])
        XCTAssertEqual(ValidationRule.decimal(in: 0...9.5).failures(for: "10"), ["Must be from 0 to 9.5."])
        XCTAssertEqual(ValidationRule.decimal(in: 0.5...).failures(for: "0.25"), ["Must be at least 0.5."])
        XCTAssertEqual(
            ValidationRule.decimal(in: ...1e20).failures(for: "1" + String(repeating: "0", count: 21)),
            ["Must be at most 1e+20."])
        XCTAssertEqual(ValidationRule.decimal().failures(for: "1,5"), ["Enter a number."])
    }

    func testFirstFailureReportsOnlyTheFirstAndChecksNoFurther() {
        let rule = ValidationRule.firstFailure(of: [.required, .email(), .maximumLength(254)])
        XCTAssertEqual(rule.failures(for: ""), ["Required."])
        XCTAssertEqual(rule.failures(for: "dim"), ["Enter a valid email address."])
        XCTAssertEqual(rule.failures(for: "a@" + String(repeating: "b", count: 60) + ".com"), [])
        XCTAssertEqual(ValidationRule.firstFailure(of: []).failures(for: nil), [])
        XCTAssertEqual(rule.withMessage("Enter your email.").failures(for: "dim"), ["Enter your email."])
        let checked = LockedCounter()
        let counting = ValidationRule.firstFailure(of: [
            .required, .custom(message: "Never.") { _ in checked.increment() },
        ])
        XCTAssertEqual(counting.failures(for: ""), ["Required."])
        XCTAssertEqual(checked.value, 0, "the rule after the first failure was not checked")
    }

    func testWhenChoosesTheRuleByACondition() {
        let name = ValidationRule.when(
            .pattern(/@/, match: .anywhere), then: .email(), otherwise: .length(in: 6...32))
        XCTAssertTrue(name.isSatisfied(by: "dimsky"))
        XCTAssertTrue(name.isSatisfied(by: "dim@example.com"))
        XCTAssertEqual(name.failures(for: "dim"), ["Must be 6 to 32 characters."])
        XCTAssertEqual(name.failures(for: "dim@"), ["Enter a valid email address."])
        XCTAssertEqual(name.withMessage("Bad name.").failures(for: "dim@"), ["Bad name."])
    }

    func testCustomCanOwnANonSendableRegexAndRunOnManyThreads() {
        let lowercase = /[a-z]/
        let rule = ValidationRule.custom(message: "Add a lowercase letter.", using: lowercase) { regex, text in
            text?.contains(regex) ?? false
        }
        XCTAssertEqual(rule.failures(for: "ABC1"), ["Add a lowercase letter."])
        XCTAssertEqual(rule.failures(for: nil), ["Add a lowercase letter."])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            XCTAssertEqual(rule.isSatisfied(by: index.isMultiple(of: 2) ? "abc" : "ABC"), index.isMultiple(of: 2))
        }
    }

    func testCustomHelperKeepsItsStateBetweenChecks() {
        let rule = ValidationRule.custom(message: "Only twice.", using: 0) { calls, _ in
            calls += 1
            return calls <= 2
        }
        XCTAssertEqual(
            [rule.isSatisfied(by: "a"), rule.isSatisfied(by: "a"), rule.isSatisfied(by: "a")], [true, true, false])
    }

    func testHugeAndOddTextNeverCrashesAndIsStable() {
        let huge = String(repeating: "a\u{0301}", count: 10_000)
        let odd = ["\0", "\u{1B}[2J", "\u{202E}", String(repeating: "👨‍👩‍👧", count: 500), huge]
        let rule = ValidationRule.all([
            .required, .minimumLength(6), .maximumLength(32), .maximumLength(72, in: .utf8),
            .maximumLength(40, in: .utf16), .pattern(/[a-z]*/), .pattern(/[0-9]/, match: .anywhere),
            .allowedCharacters(.alphanumerics), .confirmation(), .email(), .integer(in: 1...9), .decimal(in: 0...1),
        ])
        for text in odd {
            XCTAssertEqual(rule.failures(for: text), rule.failures(for: text))
        }
        XCTAssertEqual(ValidationRule.maximumLength(32).failures(for: huge), ["Must be at most 32 characters."])
        XCTAssertTrue(ValidationRule.minimumLength(10_000).isSatisfied(by: huge))
        XCTAssertFalse(ValidationRule.minimumLength(10_001).isSatisfied(by: huge))
    }
}

/// A counter the `@Sendable` closures of a test can share.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() -> Bool {
        lock.withLock { count += 1 }
        return false
    }
}
