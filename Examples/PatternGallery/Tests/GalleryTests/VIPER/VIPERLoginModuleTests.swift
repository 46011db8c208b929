import LoginFeature
import TestSupport
import XCTest

@testable import Gallery

/// VIPER's assembly: strong references run down from the view, weak ones back, so the view alone keeps the
/// module alive and nothing survives it.
@MainActor
final class VIPERLoginModuleTests: GuardedTestCase {
    func testTheModuleWiresEveryRoleAndNothingSurvivesTheView() async {
        let widgets = WidgetsSpy()
        weak var weakPresenter: VIPER.LoginPresenter?
        do {
            let view = VIPER.LoginModule.make(
                widgets: widgets, dependencies: LoginDependencies(authenticator: FakeAuthenticator()))
            let presenter = view.output as? VIPER.LoginPresenter
            weakPresenter = presenter
            XCTAssertTrue(widgets.delegate === view, "the view hears the widgets")
            XCTAssertTrue(presenter?.view === view, "the presenter talks to the view")
        }
        XCTAssertNil(weakPresenter, "the presenter, and with it the interactor and the router, go with the view")
        XCTAssertNil(widgets.delegate)
    }
}
