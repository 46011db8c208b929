import PureMVVM
import TestSupport
import XCTest

final class ValidationMessagesTests: GuardedTestCase {
    /// One failing check per default message, so every entry of a table is read.
    private let failing: [(rule: ValidationRule, text: String?)] = [
        (.required, nil),
        (.minimumLength(2), "a"), (.minimumLength(1, in: .utf16), ""),
        (.maximumLength(1, in: .unicodeScalars), "ab"), (.maximumLength(3, in: .utf8), "abcd"),
        (.length(in: 2...3), "a"), (.length(exactly: 2), "a"),
        (.pattern(/a/), "b"), (.allowedCharacters(.asciiDigits), "a"), (.confirmation(), "a"),
        (.email(), "a"), (.integer(), "a"), (.decimal(), "a"),
        (.integer(in: 1...2), "3"), (.integer(in: 1...), "0"), (.integer(in: ...2), "3"), (.decimal(in: 0.5...1), "2"),
        (.any([]), "a"),
    ]

    func testEveryDefaultMessageExistsInEnglishAndChinese() {
        for (rule, text) in failing {
            let english = rule.failures(for: text)
            let chinese = rule.withDefaultMessages(.chinese).failures(for: text)
            XCTAssertEqual(english.count, 1, "\(english)")
            XCTAssertEqual(chinese.count, 1, "\(chinese)")
            XCTAssertNotEqual(english, chinese)
            XCTAssertTrue(chinese.allSatisfy { $0.hasSuffix("。") }, "\(chinese)")
            XCTAssertTrue(english.allSatisfy { $0.hasSuffix(".") }, "\(english)")
        }
    }

    func testTheLanguageIsChosenByTheValuePassedInAndBackAgain() {
        let rule = ValidationRule.minimumLength(6)
        XCTAssertEqual(rule.failures(for: "dim"), ["Must be at least 6 characters."])
        XCTAssertEqual(rule.withDefaultMessages(.chinese).failures(for: "dim"), ["至少需要 6 个字符。"])
        XCTAssertEqual(
            rule.withDefaultMessages(.chinese).withDefaultMessages(.english).failures(for: "dim"),
            ["Must be at least 6 characters."])
    }

    func testGivenMessagesAreKeptInEveryLanguageAndNestedDefaultsFollow() {
        let rule = ValidationRule.all([
            .minimumLength(6, message: "Too short!"),
            .not(.pattern(/[0-9]*/), message: "Not only digits!"),
            .firstFailure(of: [.required, .email()]),
            .when(.required, then: .maximumLength(8), otherwise: .integer()),
        ]).withDefaultMessages(.chinese)
        XCTAssertEqual(rule.failures(for: "123"), ["Too short!", "Not only digits!", "请输入有效的电子邮件地址。"])
        XCTAssertEqual(rule.failures(for: ""), ["Too short!", "Not only digits!", "不能为空。", "请输入整数。"])
        XCTAssertEqual(rule.failures(for: "123456789@"), ["请输入有效的电子邮件地址。", "不能超过 8 个字符。"])
        let replaced = ValidationRule.all([.required, .email()]).withMessage("Email!").withDefaultMessages(.chinese)
        XCTAssertEqual(replaced.failures(for: ""), ["Email!"])
    }

    func testAThirdLanguageIsATableOfYourOwn() {
        var german = ValidationMessages.english
        german.required = "Pflichtfeld."
        german.minimumLength = { count, unit in "Mindestens \(count) \(unit == .utf8 ? "Bytes" : "Zeichen")." }
        german.numberOutOfRange = { lower, upper in "Zwischen \(lower ?? "-∞") und \(upper ?? "∞")." }
        let rule = ValidationRule.all([.required, .minimumLength(3), .integer(in: 1...)]).withDefaultMessages(german)
        XCTAssertEqual(rule.failures(for: ""), ["Pflichtfeld.", "Mindestens 3 Zeichen.", "Enter a whole number."])
        XCTAssertEqual(rule.failures(for: "-100"), ["Zwischen 1 und ∞."])
    }
}
