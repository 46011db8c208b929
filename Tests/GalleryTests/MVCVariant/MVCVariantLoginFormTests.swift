import LoginFeature
import PureMVVM
import XCTest

@testable import Gallery

/// The MVC variant: the model the view configures itself from is a value, tested with no view at all; the view
/// is tested on fake widgets; the controller, which still signs in, counts attempts, alerts and navigates, cannot
/// be tested without a view (see `PatternContractTests` for it, through the widgets).
@MainActor
final class MVCVariantLoginFormTests: XCTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

    // MARK: The model, without a view

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

    // MARK: The view, on fake widgets

    func testSettingTheFormRedrawsEveryWidgetFromIt() async {
        let widgets = WidgetsSpy()
        let view = MVCVariant.LoginFormView(widgets: widgets)
        var form = MVCVariant.LoginForm(rules: .standard)
        form.enter("dim", in: .username)

        view.form = form

        XCTAssertEqual(
            widgets.calls,
            [.border(.username, tooShort), .border(.password, .neutral), .loginEnabled(false), .loading(false)])
    }

    func testTheViewForwardsTheUsersInputToItsDelegate() async {
        final class Controller: MVCVariant.LoginFormViewDelegate {
            var events: [String] = []
            func loginFormView(_ view: MVCVariant.LoginFormView, didEnter text: String, in field: LoginTextField) {
                events.append("\(field): \(text)")
            }
            func loginFormViewDidSubmit(_ view: MVCVariant.LoginFormView) { events.append("submit") }
        }
        let widgets = WidgetsSpy()
        let view = MVCVariant.LoginFormView(widgets: widgets)
        let controller = Controller()
        view.delegate = controller

        widgets.enter("dimsky", in: .username)
        view.widgetsDidSubmit(widgets)

        XCTAssertEqual(controller.events, ["username: dimsky", "submit"])
        XCTAssertEqual(widgets.calls, [], "the view draws only from a form")
    }
}
