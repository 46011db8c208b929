import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// MVC: what its tests can and cannot reach.
///
/// The controller keeps its rules, its fields, its attempt counter and its choice of alert private, in the
/// class that also draws, so no part of the screen's logic can be tested alone: every test below builds the
/// whole screen on fake widgets, plays a user, and reads what the widgets show. That works here only because
/// the gallery's widgets are a protocol; in the seed's UIKit controller, which creates its own `UITextField`s,
/// the same test would need a loaded view hierarchy. Not testable in isolation: the validation (only through
/// typing), "login enabled" (only through the button's state), the failure policy's bookkeeping (only through
/// the clock's sleeps and the alerts), navigation (only through the widgets' navigator).
@MainActor
final class MVCLoginViewControllerTests: GuardedTestCase {
    private let widgets = WidgetsSpy()
    private let authenticator = FakeAuthenticator()
    private let clock = ManualClock()
    private var controller: MVC.LoginViewController?

    override func setUp() async throws {
        controller = MVC.LoginViewController(
            widgets: widgets, dependencies: LoginDependencies(authenticator: authenticator, clock: clock))
    }

    func testTheControllerDrawsEachFieldAsTheUserEntersIt() async {
        widgets.enter("dim", in: .username)
        widgets.enter("balabala", in: .password)

        XCTAssertEqual(
            widgets.calls,
            [
                .border(.username, .invalid(["Must be at least 6 characters."])), .loginEnabled(false),
                .border(.password, .valid), .loginEnabled(false),
            ])
    }

    func testTheControllerSignsInAndNavigates() async throws {
        widgets.enter("dimsky", in: .username)
        widgets.enter("balabala", in: .password)
        XCTAssertTrue(widgets.pressLogin())
        XCTAssertTrue(widgets.isLoading)

        let credentials = try await authenticator.calls.next()
        XCTAssertEqual(credentials, .init(username: "dimsky", password: "balabala"))
        authenticator.calls.respond(with: User(name: "dimsky"))
        try await widgets.waitUntil("the home screen") { $0.signedIn != nil }

        XCTAssertEqual(widgets.signedIn, User(name: "dimsky"))
        XCTAssertFalse(widgets.isLoading)
    }

    func testAWrongPasswordIsOnlyVisibleThroughTheWidgetsAndTheClock() async throws {
        widgets.enter("dimsky", in: .username)
        widgets.enter("balabala", in: .password)
        widgets.pressLogin()
        _ = try await authenticator.calls.next()
        authenticator.calls.fail(with: .invalidCredentials)

        let delay = try await clock.nextSleep()  // the attempt counter itself cannot be read
        await clock.advance(by: delay)
        try await widgets.waitUntil("the alert") { !$0.alerts.isEmpty }

        XCTAssertEqual(delay, .seconds(1))
        XCTAssertEqual(widgets.alerts, [LoginAlerts.english.alert(for: .invalidCredentials)])
        XCTAssertEqual(widgets.border(of: .password), .neutral)
    }
}
