import Gallery
import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// What every one of the seven patterns must do, checked on fake widgets with a fake authenticator and a manual
/// clock: the same rules and messages, the same failure policy, the same alerts, the same navigation. The
/// transcripts (Examples/ConsoleLogin/Tests/LoginTests) check the same through the real console; these reach the cases
/// a console session cannot, such as an unavailable service, and run each pattern in milliseconds. Each pattern runs
/// twice: as it is, and traced (`login --trace`), which must change nothing the widgets see. A failure names the
/// pattern.
@MainActor
final class PatternContractTests: GuardedTestCase {
    private let tooShort = BorderState.invalid(["Must be at least 6 characters."])
    private let wrongPassword = LoginAlerts.english.alert(for: .invalidCredentials)!

    /// A pattern as it is, or traced.
    private struct Variant {
        let pattern: LoginPattern
        let isTraced: Bool

        var title: String { isTraced ? pattern.title + ", traced" : pattern.title }

        static let all = LoginPattern.allCases.flatMap {
            [Variant(pattern: $0, isTraced: false), .init(pattern: $0, isTraced: true)]
        }
    }

    @MainActor
    private struct Screen {
        let widgets: WidgetsSpy
        let authenticator: FakeAuthenticator
        let clock: ManualClock
        var root: AnyObject?
    }

    private func makeScreen(_ variant: Variant) -> Screen {
        let widgets = WidgetsSpy()
        let authenticator = FakeAuthenticator()
        let clock = ManualClock()
        let dependencies = LoginDependencies(authenticator: authenticator, clock: clock)
        let root =
            variant.isTraced
            ? variant.pattern.makeScreen(on: widgets, dependencies: dependencies, tracing: TraceRecorder())
            : variant.pattern.makeScreen(on: widgets, dependencies: dependencies)
        return Screen(widgets: widgets, authenticator: authenticator, clock: clock, root: root)
    }

    /// Fills in valid credentials and presses the button; returns when the authenticator is asked.
    private func signIn(
        _ screen: Screen, as name: String = "dimsky", _ pattern: Variant
    ) async throws -> FakeAuthenticator.Credentials {
        screen.widgets.enter(name, in: .username)
        screen.widgets.enter("balabala", in: .password)
        XCTAssertTrue(screen.widgets.pressLogin(), "\(pattern.title): login enabled with valid fields")
        XCTAssertTrue(screen.widgets.isLoading, "\(pattern.title): loading while signing in")
        XCTAssertFalse(screen.widgets.isLoginEnabled, "\(pattern.title): login disabled while signing in")
        return try await screen.authenticator.calls.next()
    }

    func testEveryPatternValidatesWithTheLoginRules() async {
        for pattern in Variant.all {
            let screen = makeScreen(pattern)
            let widgets = screen.widgets
            XCTAssertEqual(widgets.calls, [], "\(pattern.title): nothing drawn before the user acts")

            widgets.enter("dim", in: .username)
            XCTAssertEqual(widgets.border(of: .username), tooShort, pattern.title)
            widgets.enter("dim sky", in: .username)
            XCTAssertEqual(
                widgets.border(of: .username), .invalid(["Use letters, digits, '.', '_' or '-' only."]), pattern.title)
            widgets.enter("dimsky", in: .username)
            XCTAssertEqual(widgets.border(of: .username), .valid, pattern.title)
            XCTAssertEqual(widgets.border(of: .password), .neutral, "\(pattern.title): untouched field")
            XCTAssertFalse(widgets.isLoginEnabled, pattern.title)
            XCTAssertFalse(widgets.pressLogin(), pattern.title)

            widgets.enter("bala", in: .password)
            XCTAssertEqual(widgets.border(of: .password), tooShort, pattern.title)
            XCTAssertFalse(widgets.isLoginEnabled, pattern.title)
            widgets.enter("balabala", in: .password)
            XCTAssertEqual(widgets.border(of: .password), .valid, pattern.title)
            XCTAssertTrue(widgets.isLoginEnabled, pattern.title)
        }
    }

    func testEveryPatternSignsInAndLeavesForTheHomeScreen() async throws {
        for pattern in Variant.all {
            let screen = makeScreen(pattern)
            let credentials = try await signIn(screen, pattern)
            XCTAssertEqual(credentials, .init(username: "dimsky", password: "balabala"), pattern.title)

            screen.authenticator.calls.respond(with: User(name: "dimsky"))
            try await screen.widgets.waitUntil("the home screen") { $0.signedIn != nil }

            XCTAssertEqual(screen.widgets.signedIn, User(name: "dimsky"), pattern.title)
            XCTAssertFalse(screen.widgets.isLoading, pattern.title)
            XCTAssertEqual(screen.widgets.alerts, [], pattern.title)
            XCTAssertEqual(screen.clock.requestedDelays, [], "\(pattern.title): no delay after a success")
        }
    }

    func testEveryPatternWaitsTheDelayThenAlertsAndForgetsThePassword() async throws {
        for pattern in Variant.all {
            let screen = makeScreen(pattern)
            _ = try await signIn(screen, pattern)
            screen.authenticator.calls.fail(with: .invalidCredentials)

            let delay = try await screen.clock.nextSleep()
            XCTAssertEqual(delay, .seconds(1), pattern.title)
            XCTAssertTrue(screen.widgets.isLoading, "\(pattern.title): still loading through the delay")
            XCTAssertEqual(screen.widgets.alerts, [], "\(pattern.title): no alert before the delay ends")
            await screen.clock.advance(by: delay)
            try await screen.widgets.waitUntil("the alert") { !$0.alerts.isEmpty }

            XCTAssertEqual(screen.widgets.alerts, [wrongPassword], pattern.title)
            XCTAssertFalse(screen.widgets.isLoading, pattern.title)
            XCTAssertEqual(
                screen.widgets.border(of: .password), .neutral, "\(pattern.title): the password is forgotten")
            XCTAssertEqual(screen.widgets.border(of: .username), .valid, "\(pattern.title): the username stays")
            XCTAssertFalse(screen.widgets.isLoginEnabled, "\(pattern.title): retype the password first")
            XCTAssertFalse(screen.widgets.pressLogin(), pattern.title)
            XCTAssertFalse(screen.widgets.isSessionEnded, pattern.title)
            XCTAssertNil(screen.widgets.signedIn, pattern.title)

            screen.widgets.enter("balabala", in: .password)
            XCTAssertTrue(screen.widgets.isLoginEnabled, "\(pattern.title): enabled once retyped")
        }
    }

    func testEveryPatternEndsTheSessionAtTheThirdFailureWithGrowingDelays() async throws {
        for pattern in Variant.all {
            let screen = makeScreen(pattern)
            for (attempt, seconds) in [(1, 1), (2, 2), (3, 4)] {
                // An unknown user and a wrong password fail alike, and both count.
                _ = try await signIn(screen, as: attempt == 2 ? "nobody.here" : "dimsky", pattern)
                screen.authenticator.calls.fail(with: .invalidCredentials)
                let delay = try await screen.clock.nextSleep()
                XCTAssertEqual(delay, .seconds(seconds), "\(pattern.title), attempt \(attempt)")
                await screen.clock.advance(by: delay)
                try await screen.widgets.waitUntil("alert \(attempt)") { $0.alerts.count == attempt }
            }
            XCTAssertEqual(
                screen.widgets.alerts, [wrongPassword, wrongPassword, LoginAlerts.english.noAttemptsLeft], pattern.title
            )
            XCTAssertTrue(screen.widgets.isSessionEnded, pattern.title)
            screen.widgets.enter("balabala", in: .password)
            XCTAssertFalse(screen.widgets.isLoginEnabled, "\(pattern.title): no attempts left")
        }
    }

    func testEveryPatternAlertsAnUnavailableServiceAtOnceWithoutCountingIt() async throws {
        for pattern in Variant.all {
            let screen = makeScreen(pattern)
            for _ in 1...3 {
                _ = try await signIn(screen, pattern)
                let alertsBefore = screen.widgets.alerts.count
                screen.authenticator.calls.fail(with: .unavailable)
                try await screen.widgets.waitUntil("the alert") { $0.alerts.count > alertsBefore }
            }
            XCTAssertEqual(screen.widgets.alerts.last, LoginAlerts.english.alert(for: .unavailable), pattern.title)
            XCTAssertEqual(screen.clock.requestedDelays, [], "\(pattern.title): no delay, nothing counted")
            XCTAssertFalse(screen.widgets.isSessionEnded, pattern.title)
        }
    }

    func testEveryPatternIsFreedWithItsScreenAndCancelsASignInInFlight() async throws {
        for pattern in Variant.all {
            var screen = makeScreen(pattern)
            _ = try await signIn(screen, pattern)
            XCTAssertEqual(screen.authenticator.calls.pendingCount, 1, pattern.title)
            let root = WeakReference(screen.root)
            screen.root = nil

            XCTAssertNil(root.object, "\(pattern.title): nothing but the host keeps the screen alive")
            XCTAssertEqual(screen.authenticator.calls.pendingCount, 0, "\(pattern.title): the sign-in is cancelled")
            XCTAssertNil(screen.widgets.delegate, pattern.title)
        }
    }
}
