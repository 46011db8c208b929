import LoginFeature
import PureMVVM
import TestSupport
import XCTest

@testable import Gallery

/// The MVC variant's view on fake widgets: setting its form redraws every widget from the model, and it hands
/// the user's input to its controller without deciding anything.
@MainActor
final class MVCVariantLoginFormViewTests: GuardedTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])

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
            func loginFormView(_ view: any MVCVariant.LoginFormShowing, didEnter text: String, in field: LoginTextField)
            {
                events.append("\(field): \(text)")
            }
            func loginFormViewDidSubmit(_ view: any MVCVariant.LoginFormShowing) { events.append("submit") }
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
