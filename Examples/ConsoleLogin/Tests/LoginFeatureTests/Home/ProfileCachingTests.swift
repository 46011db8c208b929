import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

@testable import LoginFeature

/// Seed 002's "database first, then the server", with a store that keeps what the server returned: the
/// layered service saves the remote answer, and the home screen says when it could not.
@MainActor
final class ProfileCachingTests: GuardedTestCase {
    private let record = ProfileRecord(balance: "100", redPacket: "3")

    /// A local store in memory that counts its saves and can refuse them.
    private actor MemoryStore: ProfileStore {
        var records: [String: ProfileRecord] = [:]
        var saves = 0
        let saveFailure: ProfileSourceError?
        let readFailure: ProfileSourceError?

        init(saveFailure: ProfileSourceError? = nil, readFailure: ProfileSourceError? = nil) {
            self.saveFailure = saveFailure
            self.readFailure = readFailure
        }

        func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
            if let readFailure { throw readFailure }
            return records[username]
        }

        func save(_ record: ProfileRecord, for username: String) async throws(ProfileSourceError) {
            saves += 1
            if let saveFailure { throw saveFailure }
            records[username] = record
        }
    }

    private func remote(_ records: [String: ProfileRecord]) -> SimulatedRemoteProfileSource {
        SimulatedRemoteProfileSource(behavior: .answers(records), delay: .zero, clock: ManualClock())
    }

    func testTheRemoteAnswerIsSavedSoTheNextLoadIsLocal() async throws {
        let store = MemoryStore()
        let service = LayeredProfileService(local: store, remote: remote(["dimsky": record]))
        let first = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        let second = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual([first.origin, second.origin], [.remote, .local])
        let saves = await store.saves
        XCTAssertEqual(saves, 1)
    }

    func testNothingIsSavedForAMissOrIntoAStoreThatFailedToRead() async throws {
        let store = MemoryStore()
        let nobody = LayeredProfileService(local: store, remote: remote([:]))
        _ = try await withTimeLimit("nobody's profile to load") { try await nobody.loadProfile(for: "nobody") }
        let broken = MemoryStore(readFailure: .corrupt(file: "p.sqlite", reason: .text("file is not a database")))
        let brokenService = LayeredProfileService(local: broken, remote: remote(["dimsky": record]))
        let load = try await withTimeLimit("dimsky's profile to load") {
            try await brokenService.loadProfile(for: "dimsky")
        }
        XCTAssertEqual(load.localFailure, .corrupt(file: "p.sqlite", reason: .text("file is not a database")))
        XCTAssertNil(load.saveFailure)
        let saves = [await store.saves, await broken.saves]
        XCTAssertEqual(saves, [0, 0])
    }

    func testAFailedSaveIsReportedAndTheProfileStillShows() async throws {
        let readOnly = ProfileSourceError.unreachable(.readOnly(file: "p.sqlite", action: .save))
        let service = LayeredProfileService(
            local: MemoryStore(saveFailure: readOnly), remote: remote(["dimsky": record]))
        let load = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual(load, .init(record: record, origin: .remote, saveFailure: readOnly))

        let home = HomeViewModel(user: User(name: "dimsky"), service: service, language: .english)
        let tester = ViewModelTester(home, spy: HomeSpy())
        tester.send { $0.viewDidAppear() }
        await tester.receiveReload {
            $0.status = .loaded
            $0.statusText = nil
            $0.notice = """
                The profile could not be saved locally (cannot save into p.sqlite: it is read-only); the server \
                will be asked again next time.
                """
            $0.summaryCells = [
                SummaryCellViewModel(kind: .balance, title: "Balance", value: "100 yuan"),
                SummaryCellViewModel(kind: .redPackets, title: "Red packets", value: "3"),
            ]
        }
    }
}
