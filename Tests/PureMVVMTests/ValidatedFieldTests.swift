import PureMVVM
import XCTest

final class ValidatedFieldTests: XCTestCase {
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
