import LoginFeature
import PureMVVM
import TestSupport
import XCTest

@testable import Gallery

/// The MVC variant's model, the value the view configures itself from, tested with no view at all. The view is
/// tested on fake widgets (`MVCVariantLoginFormViewTests`); the controller, which still signs in, counts
/// attempts, alerts and navigates, cannot be tested without a view (`PatternContractTests` reaches it through
/// the widgets).
@MainActor
final class MVCVariantLoginFormTests: GuardedTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    func testAnUntouchedFormShowsNeutralBordersAndDisablesLogin() async {
        let form = MVCVariant.LoginForm(rules: .standard)
        XCTAssertEqual(form.border(of: .username), .neutral)
        XCTAssertEqual(form.border(of: .password), .neutral)
        XCTAssertFalse(form.isLoginEnabled)
    }

    func testEnteringAFieldShowsItsBorder() async {
        var form = MVCVariant.LoginForm(rules: .standard)
        form.enter("dim", in: .username)
        XCTAssertEqual(form.border(of: .username), tooShort)
        XCTAssertEqual(form.border(of: .password), .neutral)
    }

    func testLoginIsEnabledWithBothFieldsValidAndNothingRunning() async {
        var form = MVCVariant.LoginForm(rules: .standard)
        form.enter("dimsky", in: .username)
        form.enter("balabala", in: .password)
        XCTAssertTrue(form.isLoginEnabled)
        form.isLoading = true
        XCTAssertFalse(form.isLoginEnabled)
        form.isLoading = false
        form.isLockedOut = true
        XCTAssertFalse(form.isLoginEnabled)
    }

    func testForgettingThePasswordLeavesItUntouched() async {
        var form = MVCVariant.LoginForm(rules: .standard)
        form.enter("dimsky", in: .username)
        form.enter("balabala", in: .password)
        form.forgetPassword()
        XCTAssertEqual(form.border(of: .password), .neutral)
        XCTAssertNil(form.password.value)
        XCTAssertFalse(form.isLoginEnabled)
    }
}
