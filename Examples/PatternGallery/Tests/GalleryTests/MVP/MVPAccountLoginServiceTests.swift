import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// MVP's model layer: the service on an authenticator and the failure policy, tested with no view and no
/// presenter.
@MainActor
final class MVPAccountLoginServiceTests: GuardedTestCase {
    private let authenticator = FakeAuthenticator()
    private let clock = ManualClock()

    private func makeService() -> MVP.AccountLoginService {
        MVP.AccountLoginService(authenticator: authenticator, failurePolicy: .standard, clock: clock)
    }

    func testASuccessAnswersAtOnce() async throws {
        let service = makeService()
        let result = Task { await service.logIn(username: "dimsky", password: "balabala") }
        _ = try await authenticator.calls.next()
        authenticator.calls.respond(with: User(name: "dimsky"))
        let answer = try await result.value(awaiting: "the service to answer")
        XCTAssertEqual(answer, .signedIn(User(name: "dimsky")))
        XCTAssertEqual(clock.requestedDelays, [])
    }

    func testWrongCredentialsWaitTheGrowingDelayAndTheThirdLeavesNoAttempts() async throws {
        let service = makeService()
        for (attempt, seconds) in [(1, 1), (2, 2), (3, 4)] {
            let result = Task { await service.logIn(username: "dimsky", password: "wrong-\(attempt)") }
            _ = try await authenticator.calls.next()
            authenticator.calls.fail(with: .invalidCredentials)
            let delay = try await clock.nextSleep()
            XCTAssertEqual(delay, .seconds(seconds))
            await clock.advance(by: delay)
            let answer = try await result.value(awaiting: "the service to answer")
            XCTAssertEqual(answer, .failed(.invalidCredentials, attemptsLeft: attempt < 3), "attempt \(attempt)")
        }
    }

    func testAnUnavailableServiceIsNotCounted() async throws {
        let service = makeService()
        for _ in 1...4 {
            let result = Task { await service.logIn(username: "dimsky", password: "balabala") }
            _ = try await authenticator.calls.next()
            authenticator.calls.fail(with: .unavailable)
            let answer = try await result.value(awaiting: "the service to answer")
            XCTAssertEqual(answer, .failed(.unavailable, attemptsLeft: true))
        }
        XCTAssertEqual(clock.requestedDelays, [])
    }
}
