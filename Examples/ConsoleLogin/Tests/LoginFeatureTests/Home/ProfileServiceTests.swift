import Foundation
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

final class ProfileServiceTests: GuardedTestCase {
    private let record = ProfileRecord(balance: "100", redPacket: "3")

    func testJSONFileSource() async throws {
        let store = JSONFileProfileSource(url: try FixtureFolder.url("profiles/profiles.json"))
        let dimsky = try await withTimeLimit("the lookup of dimsky") { try await store.profile(for: "dimsky") }
        XCTAssertEqual(dimsky, record)
        let nobody = try await withTimeLimit("the lookup of nobody") { try await store.profile(for: "nobody") }
        XCTAssertNil(nobody)
    }

    func testAMissingFileIsAMiss() async throws {
        let store = JSONFileProfileSource(url: try FixtureFolder.url("profiles/does-not-exist.json"))
        let result = try await withTimeLimit("the lookup of dimsky") { try await store.profile(for: "dimsky") }
        XCTAssertNil(result)
    }

    func testACorruptFileIsAClearError() async throws {
        let cases: [(String, ProfileProblem)] = [
            ("corrupt.json", .notJSON), ("wrong-shape.json", .wrongType(at: "dimsky.balance")),
        ]
        for (file, reason) in cases {
            let store = JSONFileProfileSource(url: try FixtureFolder.url("profiles/\(file)"))
            do {
                _ = try await withTimeLimit("the lookup of dimsky") { try await store.profile(for: "dimsky") }
                XCTFail("\(file) loaded")
            } catch let error as ProfileSourceError {
                guard case .corrupt(file, let actual) = error else { return XCTFail("\(file): \(error)") }
                XCTAssertEqual(actual, reason, file)
                XCTAssertTrue(error.description.hasPrefix("\(file) is not a valid profile file: "), error.description)
            }
        }
    }

    func testTheRemoteWaitsForItsClock() async throws {
        let clock = ManualClock()
        let remote = SimulatedRemoteProfileSource(
            behavior: .answers(["dimsky": record]),
            delay: .milliseconds(300),
            clock: clock
        )
        let lookup = Task { try await remote.profile(for: "dimsky") }
        try await clock.nextSleep()
        await clock.advance(by: .milliseconds(299))
        XCTAssertEqual(clock.sleeperCount, 1, "not yet")
        await clock.advance(by: .milliseconds(1))
        let value = try await lookup.value(awaiting: "the remote to answer")
        XCTAssertEqual(value, record)
    }

    func testAFailingRemoteFails() async throws {
        let remote = SimulatedRemoteProfileSource(behavior: .fails(.unreachable(.text("offline"))), delay: .zero)
        do {
            _ = try await withTimeLimit("the lookup of dimsky") { try await remote.profile(for: "dimsky") }
            XCTFail("answered")
        } catch let error as ProfileSourceError {
            XCTAssertEqual(error, .unreachable(.text("offline")))
        }
    }

    func testLayeredServiceOrder() async throws {
        let clock = ManualClock()
        let remote = SimulatedRemoteProfileSource(
            behavior: .answers(["dimsky": record, "newcomer": record]),
            delay: .zero,
            clock: clock
        )
        let service = LayeredProfileService(
            local: JSONFileProfileSource(url: try FixtureFolder.url("profiles/profiles.json")),
            remote: remote
        )
        let hit = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual(hit, .init(record: record, origin: .local))
        let miss = try await withTimeLimit("newcomer's profile to load") {
            try await service.loadProfile(for: "newcomer")
        }
        XCTAssertEqual(miss, .init(record: record, origin: .remote))
        let nowhere = try await withTimeLimit("nobody's profile to load") { try await service.loadProfile(for: "nobody") }
        XCTAssertEqual(nowhere, .init(record: nil, origin: .remote))

        let corruptLocal = LayeredProfileService(
            local: JSONFileProfileSource(url: try FixtureFolder.url("profiles/corrupt.json")),
            remote: remote
        )
        let fallback = try await withTimeLimit("dimsky's profile to load") {
            try await corruptLocal.loadProfile(for: "dimsky")
        }
        XCTAssertEqual(fallback.origin, .remote)
        XCTAssertEqual(fallback.record, record)
        guard case .corrupt(file: "corrupt.json", _) = fallback.localFailure else {
            return XCTFail("\(String(describing: fallback.localFailure))")
        }
    }

    func testBothFailingThrowsTheRemoteError() async throws {
        let service = LayeredProfileService(
            local: JSONFileProfileSource(url: try FixtureFolder.url("profiles/corrupt.json")),
            remote: SimulatedRemoteProfileSource(behavior: .fails(.unreachable(.text("offline"))), delay: .zero)
        )
        do {
            _ = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
            XCTFail("loaded")
        } catch let error as ProfileSourceError {
            XCTAssertEqual(error, .unreachable(.text("offline")))
        }
    }
}
