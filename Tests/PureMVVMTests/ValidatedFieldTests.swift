import PureMVVM
import TestSupport
import XCTest

final class ValidatedFieldTests: GuardedTestCase {
    func testUntouchedFieldIsNeutralButNotValid() {
        let field = ValidatedField(rule: .minimumLength(6))
        XCTAssertEqual(field.border, .neutral)
        XCTAssertFalse(field.isValid)
        XCTAssertFalse(field.isEdited)
        XCTAssertNil(field.text)
    }

    func testSeedPolicyShowsInvalidAfterAnEditToNil() {
        var field = ValidatedField(rule: .minimumLength(6))
        field.edit(nil)
        XCTAssertEqual(field.border, .invalid(["Must be at least 6 characters."]))
        field.edit("dimsky")
        XCTAssertEqual(field.border, .valid)
        XCTAssertTrue(field.isValid)
        XCTAssertEqual(field.value, "dimsky")
    }

    func testLeavingAFieldNeverEditedShowsItInvalidUnderTheDefaultPolicy() {
        var field = ValidatedField(rule: .minimumLength(6))
        XCTAssertEqual(field.policy, .afterFirstEdit)
        field.endEditing()
        XCTAssertFalse(field.isEdited)
        XCTAssertEqual(field.border, .invalid(["Must be at least 6 characters."]), "a user who skips it is told")
    }

    func testAfterLeavingPolicyWaitsForTheUserToLeave() {
        var field = ValidatedField(rule: .minimumLength(6), policy: .afterLeaving)
        field.edit("dim")
        XCTAssertEqual(field.border, .neutral)
        XCTAssertFalse(field.isValid, "validity is known before it is shown")
        field.endEditing()
        XCTAssertEqual(field.border, .invalid(["Must be at least 6 characters."]))
        field.edit("dimsky")
        XCTAssertEqual(field.border, .valid, "once left, the field keeps showing its state while edited")
    }

    func testWhitespacePolicy() {
        var kept = ValidatedField(rule: .maximumLength(6))
        kept.edit(" dimsky ")
        XCTAssertEqual(kept.value, " dimsky ")
        XCTAssertFalse(kept.isValid)

        var trimmed = ValidatedField(rule: .maximumLength(6), whitespace: .trim)
        trimmed.edit(" dimsky\n")
        XCTAssertEqual(trimmed.text, " dimsky\n")
        XCTAssertEqual(trimmed.value, "dimsky")
        XCTAssertTrue(trimmed.isValid)
    }

    func testTrimRemovesEveryKindOfWhitespaceButNoOtherCharacter() {
        var field = ValidatedField(rule: .required, whitespace: .trim)
        field.edit("\u{3000}\u{A0}\t dimsky\r\n\u{85}\u{2028}")
        XCTAssertEqual(field.value, "dimsky")
        field.edit(" \u{200B}dimsky ")
        XCTAssertEqual(field.value, "\u{200B}dimsky", "a zero-width space is not whitespace")
        field.edit(" \t\n ")
        XCTAssertEqual(field.value, "")
        XCTAssertEqual(field.border, .invalid(["Required."]))
        field.edit(nil)
        XCTAssertNil(field.value)
    }

    func testAnExternalErrorShowsUntilTheNextEdit() {
        var field = ValidatedField(rule: .email(), policy: .afterLeaving, whitespace: .trim)
        field.edit("dimsky@example.com")
        XCTAssertTrue(field.isValid)
        field.externalError = "This email is already registered."
        XCTAssertEqual(field.border, .invalid(["This email is already registered."]), "shown whatever the policy")
        XCTAssertFalse(field.isValid)
        XCTAssertEqual(field.failures, [], "the rule itself still passes")
        field.endEditing()
        XCTAssertEqual(field.border, .invalid(["This email is already registered."]))
        field.edit("dimsky@example.com")
        XCTAssertNil(field.externalError, "any edit clears it, even to the same text")
        XCTAssertEqual(field.border, .valid)
        field.externalError = "Taken."
        field.reset()
        XCTAssertNil(field.externalError)
        XCTAssertEqual(field.border, .neutral)
    }

    func testAnExternalErrorComesBeforeTheRulesFailures() {
        var confirm = ValidatedField(rule: .confirmation())
        confirm.edit("balabala")
        confirm.externalError = "Server says no."
        confirm.confirmedText = "other"
        XCTAssertEqual(confirm.border, .invalid(["Server says no.", "Does not match."]))
    }

    func testConfirmationIsRecheckedWhenEitherFieldChanges() {
        var confirm = ValidatedField(rule: .confirmation())
        confirm.confirmedText = "balabala"
        confirm.edit("balabala")
        XCTAssertTrue(confirm.isValid)
        confirm.confirmedText = "balabala2"
        XCTAssertEqual(confirm.border, .invalid(["Does not match."]))
        confirm.edit("balabala2")
        XCTAssertEqual(confirm.border, .valid)
    }

    func testResetForgetsEverything() {
        var field = ValidatedField(rule: .minimumLength(6), policy: .afterLeaving)
        field.edit("dimsky")
        field.endEditing()
        field.reset()
        XCTAssertNil(field.text)
        XCTAssertFalse(field.isEdited)
        XCTAssertFalse(field.hasBeenLeft)
        XCTAssertEqual(field.border, .neutral)
        XCTAssertFalse(field.isValid)
    }

    func testBorderStateAccessors() {
        XCTAssertEqual(BorderState.invalid(["a", "b"]).messages, ["a", "b"])
        XCTAssertEqual(BorderState.valid.messages, [])
        XCTAssertTrue(BorderState.invalid([]).isInvalid)
        XCTAssertFalse(BorderState.neutral.isInvalid)
        XCTAssertFalse(BorderState.neutral.isValid)
    }
}
