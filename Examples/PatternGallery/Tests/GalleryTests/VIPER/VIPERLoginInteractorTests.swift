import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import Gallery

/// VIPER's interactor alone: the business rules and the sign-in with its failure policy, heard through a spy
/// in the presenter's place. No view, no presenter, no router.
@MainActor
final class VIPERLoginInteractorTests: GuardedTestCase {
    private final class OutputSpy: VIPER.LoginInteractorOutput {
        enum Call: Equatable {
            case succeeded(User)
            case failed(AuthenticationError, attemptsLeft: Bool)
        }
        let log = CallLog<Call>()
        func signInDidSucceed(for user: User) { log.append(.succeeded(user)) }
        func signInDidFail(with error: AuthenticationError, attemptsLeft: Bool) {
            log.append(.failed(error, attemptsLeft: attemptsLeft))
        }
    }

    private let authenticator = FakeAuthenticator()
    private let clock = ManualClock()
    private let output = OutputSpy()
    private let credentials = VIPER.LoginCredentials(username: "dimsky", password: "balabala")

    private func makeInteractor() -> VIPER.LoginInteractor {
        let interactor = VIPER.LoginInteractor(
            dependencies: LoginDependencies(authenticator: authenticator, clock: clock))
        interactor.output = output
        return interactor
    }

    func testTheRulesAreTheLoginRules() async {
        let interactor = makeInteractor()
        XCTAssertEqual(interactor.failures(of: "dim", in: .username), ["Must be at least 6 characters."])
        XCTAssertEqual(interactor.failures(of: nil, in: .password), ["Must be at least 6 characters."])
        XCTAssertEqual(interactor.failures(of: "dimsky", in: .username), [])
    }

    func testASignInIsReportedToTheOutput() async throws {
        let interactor = makeInteractor()
        interactor.signIn(with: credentials)
        let asked = try await authenticator.calls.next()
        XCTAssertEqual(asked, .init(username: "dimsky", password: "balabala"))
        authenticator.calls.respond(with: User(name: "dimsky"))
        let calls = try await output.log.next()
        XCTAssertEqual(calls, [.succeeded(User(name: "dimsky"))])
    }

    func testWrongCredentialsWaitTheGrowingDelayAndTheThirdLeavesNoAttempts() async throws {
        let interactor = makeInteractor()
        for (attempt, seconds) in [(1, 1), (2, 2), (3, 4)] {
            interactor.signIn(with: credentials)
            _ = try await authenticator.calls.next()
            authenticator.calls.fail(with: .invalidCredentials)
            let delay = try await clock.nextSleep()
            XCTAssertEqual(delay, .seconds(seconds))
            XCTAssertEqual(output.log.calls.count, attempt - 1, "nothing reported before the delay ends")
            await clock.advance(by: delay)
            try await output.log.waitUntil("failure \(attempt)") { output.log.calls.count == attempt }
        }
        XCTAssertEqual(
            output.log.calls,
            [
                .failed(.invalidCredentials, attemptsLeft: true), .failed(.invalidCredentials, attemptsLeft: true),
                .failed(.invalidCredentials, attemptsLeft: false),
            ])
        interactor.signIn(with: credentials)
        XCTAssertEqual(authenticator.calls.pendingCount, 0, "no attempts left: the authenticator is not asked")
    }

    func testAnUnavailableServiceIsReportedAtOnceAndNotCounted() async throws {
        let interactor = makeInteractor()
        interactor.signIn(with: credentials)
        _ = try await authenticator.calls.next()
        authenticator.calls.fail(with: .unavailable)
        let calls = try await output.log.next()
        XCTAssertEqual(calls, [.failed(.unavailable, attemptsLeft: true)])
        XCTAssertEqual(clock.requestedDelays, [])
    }
}
