import PureMVVM
import TestSupport
import XCTest

// The examples of the Validation article (Sources/PureMVVM/PureMVVM.docc/Validation.md), run so the article's
// results cannot drift from the API. (scripts/docs-snippets.sh compiles every listing of the docs, these among
// them; this file checks what they return.)

@MainActor final class ValidationArticleExampleTests: GuardedTestCase {
    func testRulesExample() async {
        let password: ValidationRule = .all([
            .minimumLength(6),
            .maximumLength(72, in: .utf8),
            .not(.pattern(/[0-9]*/), message: "Use more than digits."),
        ])
        XCTAssertEqual(password.failures(for: "12345"), ["Must be at least 6 characters.", "Use more than digits."])
    }

    private enum SignupField: Hashable, Sendable { case email, password, confirmation }

    func testLinkedFieldsExample() async {
        var form = ValidatedForm<SignupField>(
            [
                .email: ValidatedField(rule: .firstFailure(of: [.required, .email()]), whitespace: .trim),
                .password: ValidatedField(rule: .minimumLength(8)),
                .confirmation: ValidatedField(rule: .confirmation()),
            ],
            confirming: [.confirmation: .password]
        )
        form.edit(.email, to: "dimsky@example.com")
        form.setExternalError("This email is already registered.", on: .email)
        XCTAssertEqual(form.border(of: .email), .invalid(["This email is already registered."]))
        XCTAssertFalse(form.isValid)
    }

    func testMessagesExamples() async {
        XCTAssertEqual(
            ValidationRule.length(exactly: 6).withDefaultMessages(.chinese).failures(for: "123"), ["长度须为 6 个字符。"])
        var german = ValidationMessages.english
        german.required = "Pflichtfeld."
        german.minimumLength = { count, unit in "Mindestens \(count) Zeichen." }
        XCTAssertEqual(
            ValidationRule.all([.required, .minimumLength(2)]).withDefaultMessages(german).failures(for: ""),
            ["Pflichtfeld.", "Mindestens 2 Zeichen."])
    }
}
