import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

/// `Authenticator.signIn(username:password:clock:failureDelay:)`: the sign-in every login screen makes.
@MainActor
final class SignInTests: GuardedTestCase {
    private let clock = ManualClock()
    private let fake = FakeAuthenticator()

    func testWrongCredentialsComeBackAfterTheFailureDelay() async throws {
        var failures = 0
        let signIn = Task {
            await fake.signIn(username: "dimsky", password: "wrong", clock: clock) {
                failures += 1
                return .seconds(2)
            }
        }
        _ = try await fake.calls.next()
        fake.calls.fail(with: .invalidCredentials)
        let delay = try await clock.nextSleep()
        XCTAssertEqual(delay, .seconds(2))
        XCTAssertEqual(failures, 1)
        await clock.advance(by: .seconds(2))
        let result = try await signIn.value(awaiting: "the sign-in to return")
        XCTAssertEqual(result, .failure(.invalidCredentials))
    }

    func testSuccessAndOtherFailuresComeBackAtOnceAndAreNotCounted() async throws {
        for answer in [Result<User, AuthenticationError>.success(User(name: "dimsky")), .failure(.unavailable)] {
            let signIn = Task {
                await fake.signIn(username: "dimsky", password: "balabala", clock: clock) {
                    XCTFail("\(answer) was counted as a failed attempt")
                    return .seconds(1)
                }
            }
            _ = try await fake.calls.next()
            switch answer {
            case .success(let user): fake.calls.respond(with: user)
            case .failure(let error): fake.calls.fail(with: error)
            }
            let result = try await signIn.value(awaiting: "the sign-in to return")
            XCTAssertEqual(result, answer)
        }
        XCTAssertEqual(clock.requestedDelays, [])
    }

    func testAScreenThatIsGoneGetsNothing() async throws {
        let signIn = Task {
            await fake.signIn(username: "dimsky", password: "wrong", clock: clock) { nil }
        }
        _ = try await fake.calls.next()
        fake.calls.fail(with: .invalidCredentials)
        let result = try await signIn.value(awaiting: "the sign-in to return")
        XCTAssertNil(result)
        XCTAssertEqual(clock.requestedDelays, [], "no delay is waited for nobody")
    }

    func testACancelledDelayGivesNothing() async throws {
        let signIn = Task {
            await fake.signIn(username: "dimsky", password: "wrong", clock: clock) { .seconds(1) }
        }
        _ = try await fake.calls.next()
        fake.calls.fail(with: .invalidCredentials)
        try await clock.nextSleep()
        signIn.cancel()
        let result = try await signIn.value(awaiting: "the sign-in to return")
        XCTAssertNil(result)
    }
}
