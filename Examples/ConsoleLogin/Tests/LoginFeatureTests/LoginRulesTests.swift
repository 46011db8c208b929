import LoginFeature
import PureMVVM
import TestSupport
import XCTest

/// The login form's messages in both languages, and the email names the sign-up screen creates.
final class LoginRulesTests: GuardedTestCase {
    func testStandardRulesInEnglishAndChinese() {
        let english = LoginRules.standard(in: .english)
        let chinese = LoginRules.standard(in: .chinese)
        XCTAssertEqual(english.username.failures(for: "dim"), ["Must be at least 6 characters."])
        XCTAssertEqual(chinese.username.failures(for: "dim"), ["至少需要 6 个字符。"])
        XCTAssertEqual(english.username.failures(for: "dim sky"), ["Use letters, digits, '.', '_' or '-' only."])
        XCTAssertEqual(chinese.username.failures(for: "dim sky"), ["只能包含字母、数字、“.”、“_” 或 “-”。"])
        XCTAssertEqual(
            chinese.username.failures(for: String(repeating: "a", count: 33)), ["不能超过 32 个字符。"])
        XCTAssertEqual(chinese.password.failures(for: "bala\u{1B}"), ["至少需要 6 个字符。", "不能包含控制字符。"])
        XCTAssertEqual(
            chinese.password.failures(for: String(repeating: "é", count: 37)), ["不能超过 72 个字节。"])
        XCTAssertEqual(
            LoginRules.standard.username.failures(for: "dim"), english.username.failures(for: "dim"),
            "standard is English")
    }

    func testANameWithAnAtSignIsCheckedAsAnEmailAddress() {
        let rules = LoginRules.standard
        XCTAssertTrue(rules.username.isSatisfied(by: "dimsky@example.com"))
        XCTAssertEqual(rules.username.failures(for: "dim@"), ["Enter a valid email address."])
        XCTAssertEqual(
            LoginRules.standard(in: .chinese).username.failures(for: "dim@"), ["请输入有效的电子邮件地址。"])
        let long =
            String(repeating: "a", count: 64) + "@"
            + Array(repeating: String(repeating: "b", count: 63), count: 3)
            .joined(separator: ".")
        XCTAssertEqual(long.count, 256)
        XCTAssertEqual(rules.username.failures(for: long), ["Must be at most 254 characters."])
    }

    /// Issue 31, F1: a character can be one letter and thousands of combining marks, so the 32-character rule let
    /// through a "6-character" name of 130 KB. Names have a byte limit too, in every rule that takes one.
    func testANameHasAByteLimitAsWellAsACharacterLimit() {
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 1_000), count: 6)
        XCTAssertEqual(heavy.count, 6)
        XCTAssertGreaterThan(heavy.utf8.count, 12_000)
        XCTAssertEqual(LoginRules.standard.username.failures(for: heavy), ["Must be at most 254 bytes."])
        XCTAssertEqual(LoginRules.standard(in: .chinese).username.failures(for: heavy), ["不能超过 254 个字节。"])

        // The most a name may be: 254 bytes, such as five letters and one with 124 combining marks.
        let longest = "abcdef" + String(repeating: "\u{301}", count: 124)
        XCTAssertEqual(longest.utf8.count, LoginRules.maximumNameBytes)
        XCTAssertTrue(LoginRules.standard.username.isSatisfied(by: longest))
        XCTAssertFalse(LoginRules.standard.username.isSatisfied(by: longest + "c"))
    }

    func testTheSeedRulesAreUnchanged() {
        XCTAssertEqual(LoginRules.seed.username.failures(for: "dim@"), ["Must be at least 6 characters."])
        XCTAssertTrue(LoginRules.seed.username.isSatisfied(by: "dim sky!"))
    }
}
