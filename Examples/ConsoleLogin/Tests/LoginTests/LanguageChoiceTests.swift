import LoginFeature
import TestSupport
import XCTest

@testable import login

/// The one rule that picks a run's language: `--language`, else the POSIX locale (`LC_ALL`, then `LC_MESSAGES`,
/// then `LANG`; an empty variable counts as unset; `zh…` is Chinese, anything else English).
@MainActor
final class LanguageChoiceTests: GuardedTestCase {
    func testTheLocale() async {
        let cases: [([String: String], Language)] = [
            ([:], .english),
            (["LANG": "zh_CN.UTF-8"], .chinese),
            (["LANG": "zh_TW"], .chinese),
            (["LANG": "zh"], .chinese),
            (["LANG": "en_US"], .english),
            (["LANG": "en_US.UTF-8"], .english),
            (["LANG": "C"], .english),
            (["LANG": "POSIX"], .english),
            (["LANG": "C.UTF-8"], .english),
            (["LANG": "fr_FR.UTF-8"], .english),
            (["LANG": ""], .english),
            // LC_ALL wins over both, LC_MESSAGES over LANG, whichever way they point.
            (["LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US.UTF-8"], .chinese),
            (["LC_ALL": "C", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"], .english),
            (["LC_ALL": "POSIX", "LANG": "zh_CN.UTF-8"], .english),
            (["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"], .chinese),
            (["LC_MESSAGES": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"], .english),
            // An empty variable counts as unset (POSIX): the next one decides.
            (["LC_ALL": "", "LANG": "zh_CN.UTF-8"], .chinese),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_TW"], .chinese),
            (["LC_ALL": "", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "C"], .chinese),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""], .english),
            // Other categories say nothing about messages.
            (["LC_CTYPE": "zh_CN.UTF-8"], .english),
            (["LANGUAGE": "zh_CN"], .english),
        ]
        for (environment, expected) in cases {
            XCTAssertEqual(LanguageChoice.locale(environment), expected, "\(environment)")
        }
    }

    func testTheFlagWinsOverTheLocale() async {
        let chinese = ["LANG": "zh_CN.UTF-8"]
        let english = ["LC_ALL": "en_US.UTF-8"]
        let cases: [([String], [String: String], Language)] = [
            (["--language", "zh"], english, .chinese),
            (["--language=en"], chinese, .english),
            (["--accounts", "a", "--language", "zh", "--trace"], english, .chinese),
            (["add-user", "--accounts", "a", "--language=zh", "dimsky"], english, .chinese),
            (["--language", "en", "--language", "zh"], chinese, .english),  // the first; the parser refuses both
            // No language given: the locale decides.
            (["--language", "fr"], chinese, .chinese),
            (["--language"], chinese, .chinese),
            (["--language="], english, .english),
            (["--language", "--trace"], chinese, .chinese),
            (["--", "--language", "en"], chinese, .chinese),  // after "--", an operand
            (["--language=\u{301}en"], chinese, .chinese),  // a combining mark after "=" belongs to the value
            (["--languages", "en"], chinese, .chinese),
            ([], english, .english),
        ]
        for (arguments, environment, expected) in cases {
            XCTAssertEqual(
                LanguageChoice.language(arguments: arguments, environment: environment), expected,
                "\(arguments) with \(environment)")
        }
    }

    func testAUsageErrorBeforeTheFlagIsAlreadyInItsLanguage() async throws {
        let harness = ProgramHarness()
        harness.variables = ["LANG": "en_US.UTF-8"]
        let status = try await harness.run(["--acounts", "a", "--language", "zh"])
        XCTAssertEqual(status, .usage)
        XCTAssertEqual(harness.errorOutput, "login: 未知选项 '--acounts'\n参见 'login --help'。\n")

        let refused = ProgramHarness()
        refused.variables = ["LANG": "zh_CN.UTF-8"]
        _ = try await refused.run(["--language", "fr"])
        XCTAssertEqual(
            refused.errorOutput, "login: --language 的语言 'fr' 无效；请使用以下之一：zh, en\n参见 'login --help'。\n",
            "a language that is not one is refused in the locale's")
    }
}
