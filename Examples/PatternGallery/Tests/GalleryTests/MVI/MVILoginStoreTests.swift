import LoginFeature
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// MVI's store, with a spy in place of the view: it renders only new states, runs the reducer's effects and
/// feeds their results back as intents. No widgets.
@MainActor
final class MVILoginStoreTests: GuardedTestCase {
    private final class RenderSpy: MVI.LoginRendering {
        enum Call: Equatable {
            case render(MVI.LoginState), alert(AlertContent<Never>), home(User), endSession
        }
        let log = CallLog<Call>()
        func render(_ state: MVI.LoginState) { log.append(.render(state)) }
        func showAlert(_ alert: AlertContent<Never>) { log.append(.alert(alert)) }
        func showHomeScreen(for user: User) { log.append(.home(user)) }
        func endSession() { log.append(.endSession) }
    }

    private let authenticator = FakeAuthenticator()
    private let clock = ManualClock()
    private let view = RenderSpy()

    private func makeStore() -> MVI.LoginStore {
        let store = MVI.LoginStore(dependencies: LoginDependencies(authenticator: authenticator, clock: clock))
        store.view = view
        return store
    }

    func testTheStoreRendersEachNewStateAndNothingElse() async {
        let store = makeStore()
        store.send(.enterUsername("dimsky"))
        store.send(.logIn)  // disabled: the state does not change, nothing is rendered
        XCTAssertEqual(view.log.calls, [.render(store.state)])
    }

    func testTheStoreAuthenticatesWaitsAndFeedsTheResultsBack() async throws {
        let store = makeStore()
        store.send(.enterUsername("dimsky"))
        store.send(.enterPassword("balabala"))
        store.send(.logIn)
        let credentials = try await authenticator.calls.next()
        XCTAssertEqual(credentials, .init(username: "dimsky", password: "balabala"))
        view.log.removeAll()

        authenticator.calls.fail(with: .invalidCredentials)
        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .seconds(1))
        await clock.advance(by: delay)
        try await view.log.waitUntil("the alert") {
            view.log.calls.contains(.alert(LoginAlerts.english.alert(for: .invalidCredentials)!))
        }

        XCTAssertFalse(store.state.isLoading)
        XCTAssertNil(store.state.password)
        XCTAssertEqual(view.log.calls.last, .alert(LoginAlerts.english.alert(for: .invalidCredentials)!))
    }

    func testASuccessReachesTheView() async throws {
        let store = makeStore()
        store.send(.enterUsername("dimsky"))
        store.send(.enterPassword("balabala"))
        store.send(.logIn)
        _ = try await authenticator.calls.next()
        authenticator.calls.respond(with: User(name: "dimsky"))
        try await view.log.waitUntil("the home screen") { view.log.calls.contains(.home(User(name: "dimsky"))) }
        XCTAssertFalse(store.state.isLoading)
    }
}
