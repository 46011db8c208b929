import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// MVVM's View, on fake widgets: it forwards events and, on a reload, touches only the widgets the change set
/// names. The ViewModel itself, `LoginViewModel`, is tested with no view at all, with `ViewModelTester` and a spy,
/// in Examples/ConsoleLogin/Tests/LoginFeatureTests (the seed's cases, the flow, the attempt limit, the reload
/// contract, the truth tables).
@MainActor
final class MVVMLoginViewTests: GuardedTestCase {
    private let widgets = WidgetsSpy()
    private let authenticator = FakeAuthenticator()

    private func makeView() -> MVVM.LoginView {
        MVVM.LoginView(widgets: widgets, viewModel: LoginViewModel(authenticator: authenticator))
    }

    func testAReloadTouchesOnlyTheWidgetsItNames() async {
        let view = makeView()
        // Something else drew on the password widget; a view that redraws everything would overwrite it.
        widgets.setBorder(.invalid(["drawn by someone else"]), of: .password)
        widgets.log.removeAll()

        view.widgets(widgets, didEnter: "dim", in: .username)  // the ViewModel reloads [usernameBorder] only

        XCTAssertEqual(widgets.calls, [.border(.username, .invalid(["Must be at least 6 characters."]))])
        XCTAssertEqual(widgets.border(of: .password), .invalid(["drawn by someone else"]), "not named, not touched")
    }

    func testSigningInReachesTheWidgetsNavigator() async throws {
        let view = makeView()
        widgets.enter("dimsky", in: .username)
        widgets.enter("balabala", in: .password)
        widgets.pressLogin()
        _ = try await authenticator.calls.next()
        authenticator.calls.respond(with: User(name: "dimsky"))
        try await widgets.waitUntil("the home screen") { $0.signedIn != nil }
        XCTAssertEqual(widgets.signedIn, User(name: "dimsky"))
        withExtendedLifetime(view) {}
    }

    func testTheWidgetsHoldTheViewWeakly() async {
        weak var weakView: MVVM.LoginView?
        do {
            let view = makeView()
            weakView = view
            XCTAssertTrue(widgets.delegate === view)
        }
        XCTAssertNil(weakView, "the host, not the widgets, keeps the view alive")
    }
}
