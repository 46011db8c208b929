import Gallery
import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// `makeScreen(on:dependencies:tracing:)`: what a traced screen reports, on fake widgets with a fake
/// authenticator and a manual clock. (That a traced screen behaves as an untraced one is in
/// PatternContractTests, which runs every pattern both ways; the console's traces are in
/// Examples/ConsoleLogin/Tests/LoginTests.)
@MainActor
final class TracedScreenTests: GuardedTestCase {
    @MainActor
    private struct Screen {
        let widgets = WidgetsSpy()
        let authenticator = FakeAuthenticator()
        let clock = ManualClock()
        let trace = TraceRecorder()
        let root: AnyObject

        init(_ pattern: LoginPattern) {
            root = pattern.makeScreen(
                on: widgets, dependencies: LoginDependencies(authenticator: authenticator, clock: clock),
                tracing: trace)
        }
    }

    func testATraceStartsWithThePatternsRolesAndEveryMessageIsBetweenThem() async {
        for pattern in LoginPattern.allCases {
            let screen = Screen(pattern)
            screen.widgets.enter("dimsky", in: .username)
            screen.widgets.enter("balabala", in: .password)
            screen.widgets.pressLogin()

            XCTAssertEqual(screen.trace.screens.map(\.pattern), [pattern])
            XCTAssertEqual(screen.trace.screens.first?.roles, pattern.tracedRoles)
            for message in screen.trace.messages {
                XCTAssertTrue(
                    pattern.tracedRoles.contains(message.sender) && pattern.tracedRoles.contains(message.receiver)
                        && message.sender != message.receiver,
                    "\(pattern.title): \(message)")
            }
        }
    }

    /// The issue's own example, and what makes MVP and VIPER differ: the path one entry takes.
    func testTheSameEntryTakesEachPatternsOwnPath() async {
        let dim = #"widgets(didEnter: "dim", in: .username)"#
        let tooShort = #".invalid(["Must be at least 6 characters."])"#
        let paths: [LoginPattern: [String]] = [
            .mvc: [
                "Widgets → Controller  \(dim)",
                "Controller → Widgets  setBorder(\(tooShort), of: .username)",
                "Controller → Widgets  setLoginEnabled(false)",
            ],
            .mvp: [
                "Widgets → View  \(dim)",
                #"View → Presenter  usernameDidEnter("dim")"#,
                "Presenter → View  showBorder(\(tooShort), of: .username)",
                "View → Widgets  setBorder(\(tooShort), of: .username)",
                "Presenter → View  setLoginEnabled(false)",
                "View → Widgets  setLoginEnabled(false)",
            ],
            .mvvm: [
                "Widgets → View  \(dim)",
                #"View → ViewModel  usernameDidChange("dim")"#,
                "ViewModel → View  reloadViews([.usernameBorder], from: outputs)",
                "View → Widgets  setBorder(\(tooShort), of: .username)",
                "View → ViewModel  usernameDidEndEditing()",
            ],
            .viper: [
                "Widgets → View  \(dim)",
                #"View → Presenter  viewDidEnter("dim", in: .username)"#,
                #"Presenter → Interactor  failures(of: "dim", in: .username)"#,
                #"Interactor ⇢ Presenter  return ["Must be at least 6 characters."]"#,
                "Presenter → View  showBorder(\(tooShort), of: .username)",
                "View → Widgets  setBorder(\(tooShort), of: .username)",
                #"Presenter → Interactor  failures(of: "dim", in: .username)"#,
                #"Interactor ⇢ Presenter  return ["Must be at least 6 characters."]"#,
                "Presenter → View  setLoginEnabled(false)",
                "View → Widgets  setLoginEnabled(false)",
            ],
        ]
        for (pattern, path) in paths {
            let screen = Screen(pattern)
            screen.widgets.enter("dim", in: .username)
            XCTAssertEqual(screen.trace.lines, path, pattern.title)
        }
    }

    /// The password reaches the authenticator as typed, and no message ever holds it: not the widgets' event,
    /// not a role's input, not the state or the credentials that carry it, not the authenticator's call.
    func testNoMessageHoldsAPassword() async throws {
        let tooShort = "qz7"
        let wrong = "s3cret-but-wrong"
        let right = "Pa55-w0rd-right"
        for pattern in LoginPattern.allCases {
            let screen = Screen(pattern)
            screen.widgets.enter("dimsky", in: .username)
            screen.widgets.enter(tooShort, in: .password)
            screen.widgets.enter(wrong, in: .password)
            XCTAssertTrue(screen.widgets.pressLogin(), pattern.title)
            let first = try await screen.authenticator.calls.next()
            XCTAssertEqual(first.password, wrong, "\(pattern.title): the authenticator gets the password as typed")
            screen.authenticator.calls.fail(with: .invalidCredentials)
            await screen.clock.advance(by: try await screen.clock.nextSleep())
            try await screen.widgets.waitUntil("the alert") { !$0.alerts.isEmpty }
            screen.widgets.enter(right, in: .password)
            XCTAssertTrue(screen.widgets.pressLogin(), pattern.title)
            let second = try await screen.authenticator.calls.next()
            XCTAssertEqual(second.password, right, pattern.title)
            screen.authenticator.calls.respond(with: User(name: "dimsky"))
            try await screen.widgets.waitUntil("the home screen") { $0.signedIn != nil }

            let trace = screen.trace.lines.joined(separator: "\n")
            for password in [tooShort, wrong, right] {
                XCTAssertFalse(trace.contains(password), "\(pattern.title): \(password) is in the trace:\n\(trace)")
            }
            XCTAssertTrue(trace.contains(#""•••""#), "\(pattern.title): the password shows masked")
        }
    }

    /// Asynchronous work shows where it happens: the authenticator's call when the sign-in starts and its answer
    /// when it comes, the clock's sleep when the delay starts and its return only when the delay is over.
    func testAsynchronousWorkShowsWhenItHappens() async throws {
        let screen = Screen(.mvp)
        screen.widgets.enter("dimsky", in: .username)
        screen.widgets.enter("wrong-password", in: .password)
        screen.widgets.pressLogin()
        screen.trace.removeAll()

        _ = try await screen.authenticator.calls.next()
        XCTAssertEqual(
            screen.trace.lines,
            [
                #"Presenter → Service  logIn(username: "dimsky", password: "•••")"#,
                #"Service → Authenticator  authenticate(username: "dimsky", password: "•••")"#,
            ])

        screen.authenticator.calls.fail(with: .invalidCredentials)
        let delay = try await screen.clock.nextSleep()
        XCTAssertEqual(
            screen.trace.lines.suffix(2),
            ["Authenticator ⇢ Service  throw .invalidCredentials", "Service → Clock  sleep(for: .seconds(1))"])

        await screen.clock.advance(by: delay)
        try await screen.widgets.waitUntil("the alert") { !$0.alerts.isEmpty }
        XCTAssertEqual(
            Array(screen.trace.lines.dropFirst(4).prefix(2)),
            ["Clock ⇢ Service  return", "Service ⇢ Presenter  return .failed(.invalidCredentials, attemptsLeft: true)"])
    }

    /// What a user typed is quoted as a Swift literal, so it cannot pass for the rest of the line; control
    /// characters are left for the sink, which sanitises the line as the console does.
    func testTypedTextIsQuotedAsASwiftLiteral() async {
        let screen = Screen(.mvvm)
        screen.widgets.enter(#"a"), b\"#, in: .username)

        XCTAssertEqual(screen.trace.lines.first, #"Widgets → View  widgets(didEnter: "a\"), b\\", in: .username)"#)
    }

    func testATracedScreenAndItsProxiesGoWithTheScreen() async throws {
        for pattern in LoginPattern.allCases {
            var screen: Screen? = Screen(pattern)
            let root = WeakReference(screen?.root)
            let delegate = WeakReference(screen?.widgets.delegate as AnyObject?)
            screen?.widgets.enter("dimsky", in: .username)
            screen = nil

            XCTAssertNil(root.object, pattern.title)
            XCTAssertNil(delegate.object, "\(pattern.title): the widgets' proxy goes too")
        }
    }
}
