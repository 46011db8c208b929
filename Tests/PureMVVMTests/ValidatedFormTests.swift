import PureMVVM
import TestSupport
import XCTest

final class ValidatedFormTests: GuardedTestCase {
    private enum Field: Hashable, Sendable { case email, password, confirmation }

    private func makeForm(messages: ValidationMessages = .english) -> ValidatedForm<Field> {
        ValidatedForm(
            [
                .email: ValidatedField(
                    rule: ValidationRule.firstFailure(of: [.required, .email()]).withDefaultMessages(messages),
                    whitespace: .trim),
                .password: ValidatedField(rule: ValidationRule.minimumLength(8).withDefaultMessages(messages)),
                .confirmation: ValidatedField(rule: ValidationRule.confirmation().withDefaultMessages(messages)),
            ],
            confirming: [.confirmation: .password]
        )
    }

    func testAnUntouchedFormIsNeutralAndNotValid() {
        let form = makeForm()
        for field in [Field.email, .password, .confirmation] {
            XCTAssertEqual(form.border(of: field), .neutral, "\(field)")
        }
        XCTAssertFalse(form.isValid)
    }

    func testTheConfirmationFollowsItsSource() {
        var form = makeForm()
        form.edit(.password, to: "balabala")
        XCTAssertEqual(form.border(of: .confirmation), .neutral, "an untouched confirmation stays neutral")
        XCTAssertFalse(form[.confirmation].isValid, "but it does not match yet")
        form.edit(.confirmation, to: "balabala")
        XCTAssertEqual(form.border(of: .confirmation), .valid)
        form.edit(.password, to: "balabala2")
        XCTAssertEqual(form.border(of: .confirmation), .invalid(["Does not match."]), "re-checked on the source's edit")
        form.edit(.password, to: "balabala")
        XCTAssertEqual(form.border(of: .confirmation), .valid)
        form.reset(.password)
        XCTAssertEqual(form.border(of: .confirmation), .invalid(["Does not match."]), "a reset source is empty")
    }

    /// A confirmation may sit anywhere in a rule: in a branch of `when`, under `not`, in a list. The form finds it
    /// (a rule without one stops the program) and keeps it following its source.
    func testAConfirmationAnywhereInTheRuleFollowsItsSource() {
        let rules: [ValidationRule] = [
            .when(.required, then: .confirmation(), otherwise: .required),
            .when(.maximumLength(0), then: .required, otherwise: .confirmation()),
            .all([.required, .confirmation()]), .any([.maximumLength(0), .confirmation()]),
            .firstFailure(of: [.required, .confirmation()]),
            .not(.not(.confirmation(), message: "Matches."), message: "Does not match."),
        ]
        for (number, rule) in rules.enumerated() {
            var form = ValidatedForm<Field>(
                [.password: ValidatedField(rule: .required), .confirmation: ValidatedField(rule: rule)],
                confirming: [.confirmation: .password])
            form.edit(.password, to: "balabala")
            form.edit(.confirmation, to: "balabala")
            XCTAssertTrue(form[.confirmation].isValid, "rule \(number)")
            form.edit(.password, to: "balabala2")
            XCTAssertFalse(form[.confirmation].isValid, "rule \(number): re-checked on the source's edit")
        }
    }

    func testTheConfirmationComparesWithTheSourcesValueAfterItsWhitespacePolicy() {
        var form = ValidatedForm<Field>(
            [
                .email: ValidatedField(rule: .email(), whitespace: .trim),
                .confirmation: ValidatedField(rule: .confirmation(message: "Emails differ.")),
            ],
            confirming: [.confirmation: .email]
        )
        form.edit(.email, to: " dimsky@example.com ")
        form.edit(.confirmation, to: "dimsky@example.com")
        XCTAssertEqual(form.border(of: .confirmation), .valid)
        XCTAssertEqual(form.value(of: .email), "dimsky@example.com")
    }

    func testAnExternalErrorIsClearedOnlyByEditingItsField() {
        var form = makeForm()
        form.edit(.email, to: "dimsky@example.com")
        form.edit(.password, to: "balabala")
        form.edit(.confirmation, to: "balabala")
        XCTAssertTrue(form.isValid)

        form.setExternalError("This email is already registered.", on: .email)
        XCTAssertEqual(form.border(of: .email), .invalid(["This email is already registered."]))
        XCTAssertFalse(form.isValid)
        form.edit(.password, to: "balabala")
        form.edit(.confirmation, to: "balabala")
        XCTAssertEqual(form.border(of: .email), .invalid(["This email is already registered."]), "other edits keep it")

        form.edit(.email, to: "dimsky2@example.com")
        XCTAssertEqual(form.border(of: .email), .valid)
        XCTAssertTrue(form.isValid)

        form.setExternalError("Taken.", on: .email)
        form.setExternalError(nil, on: .email)
        XCTAssertTrue(form.isValid)
    }

    func testMessagesFollowTheRulesLanguage() {
        var form = makeForm(messages: .chinese)
        form.edit(.email, to: "  ")
        form.edit(.password, to: "short")
        form.edit(.confirmation, to: "x")
        XCTAssertEqual(form.border(of: .email), .invalid(["不能为空。"]))
        XCTAssertEqual(form.border(of: .password), .invalid(["至少需要 8 个字符。"]))
        XCTAssertEqual(form.border(of: .confirmation), .invalid(["两次输入不一致。"]))
    }

    func testEndEditingShowsAFieldUnderTheAfterLeavingPolicy() {
        var form = ValidatedForm<Field>([.email: ValidatedField(rule: .email(), policy: .afterLeaving)])
        form.edit(.email, to: "dim")
        XCTAssertEqual(form.border(of: .email), .neutral)
        form.endEditing(.email)
        XCTAssertEqual(form.border(of: .email), .invalid(["Enter a valid email address."]))
    }
}
