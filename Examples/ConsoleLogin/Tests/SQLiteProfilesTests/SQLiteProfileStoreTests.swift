import Foundation
import LoginFeature
import PureMVVMTesting
import SQLiteProfiles
import TestSupport
import XCTest

/// Seed 002's layered service on the SQLite store: the database first, then the server, whose answers the
/// database keeps, so the second sign-in reads locally.
final class SQLiteProfileStoreTests: GuardedTestCase {
    private let dimsky = ProfileRecord(balance: "100", redPacket: "3")

    /// A remote source that counts its requests.
    private actor CountingRemote: ProfileSource {
        let records: [String: ProfileRecord]
        private(set) var requests = 0

        init(records: [String: ProfileRecord]) {
            self.records = records
        }

        func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
            requests += 1
            return records[username]
        }
    }

    private func path(_ name: String = "profiles.sqlite") throws -> String {
        try Files.temporaryFolder(for: self).appendingPathComponent(name).path
    }

    func testTheRemoteIsAskedOnceForTwoSignIns() async throws {
        let path = try path()
        let remote = CountingRemote(records: ["dimsky": dimsky])
        let service = LayeredProfileService(local: SQLiteProfileStore(path: path), remote: remote)

        let first = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        let second = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual(first, .init(record: dimsky, origin: .remote))
        XCTAssertEqual(second, .init(record: dimsky, origin: .local))
        let requests = await remote.requests
        XCTAssertEqual(requests, 1, "the second sign-in reads the database")

        let nextSession = LayeredProfileService(local: SQLiteProfileStore(path: path), remote: remote)
        let third = try await withTimeLimit("dimsky's profile to load") {
            try await nextSession.loadProfile(for: "dimsky")
        }
        XCTAssertEqual(third.origin, .local, "the file keeps it for the next run of login")
    }

    func testAMissIsNotSaved() async throws {
        let path = try path()
        let remote = CountingRemote(records: [:])
        let service = LayeredProfileService(local: SQLiteProfileStore(path: path), remote: remote)
        _ = try await withTimeLimit("nobody's profile to load") { try await service.loadProfile(for: "nobody") }
        let again = try await withTimeLimit("nobody's profile to load") { try await service.loadProfile(for: "nobody") }
        XCTAssertEqual(again, .init(record: nil, origin: .remote))
        let requests = await remote.requests
        XCTAssertEqual(requests, 2)
    }

    func testACorruptStoreIsANoticeTheRemoteAnswersAndTheFileIsNotWritten() async throws {
        let path = try path("corrupt.sqlite")
        let bytes = Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let remote = CountingRemote(records: ["dimsky": dimsky])
        let service = LayeredProfileService(local: SQLiteProfileStore(path: path), remote: remote)

        let load = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual(
            load,
            .init(
                record: dimsky, origin: .remote,
                localFailure: .corrupt(file: "corrupt.sqlite", reason: .text("file is not a database"))))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
    }

    func testAProfileThatCannotBeSavedIsReportedAndTheNextCallTriesAgain() async throws {
        let path = try path()
        _ = try ProfileDatabase(path: path)
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN IMMEDIATE")  // another program is writing: reads work, writes wait
        let remote = CountingRemote(records: ["dimsky": dimsky])
        let store = SQLiteProfileStore(path: path, busyTimeout: .milliseconds(10))
        let service = LayeredProfileService(local: store, remote: remote)

        let load = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual(load.origin, .remote)
        XCTAssertEqual(load.record, dimsky)
        XCTAssertNil(load.localFailure)
        XCTAssertEqual(load.saveFailure, .unreachable(.locked(file: "profiles.sqlite", waited: .milliseconds(10))))
        XCTAssertEqual(
            load.saveFailure?.description, "profiles.sqlite is locked by another program (waited 10 ms)")

        try other.execute("COMMIT")
        _ = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        let third = try await withTimeLimit("dimsky's profile to load") { try await service.loadProfile(for: "dimsky") }
        XCTAssertEqual(third.origin, .local)
    }

    func testAStoreLockedAtOpeningIsOpenedAgainOnTheNextCall() async throws {
        let path = try path()
        try ProfileDatabase(path: path).save(dimsky, for: "dimsky")
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        let store = SQLiteProfileStore(path: path, busyTimeout: .milliseconds(10))
        do {
            _ = try await withTimeLimit("the lookup of dimsky") { try await store.profile(for: "dimsky") }
            XCTFail("read through an exclusive lock")
        } catch let error as ProfileSourceError {
            XCTAssertEqual(error, .unreachable(.locked(file: "profiles.sqlite", waited: .milliseconds(10))))
        }
        try other.execute("COMMIT")
        let record = try await withTimeLimit("the lookup of dimsky") { try await store.profile(for: "dimsky") }
        XCTAssertEqual(record, dimsky)
    }

    func testImportingAndSeeding() async throws {
        let path = try path()
        let store = SQLiteProfileStore(path: path, seed: { ["dimsky": ProfileRecord(balance: "1", redPacket: "1")] })
        let total = try await withTimeLimit("the import") { [dimsky] in
            try await store.importProfiles(["dimsky": dimsky, "balabala": dimsky])
        }
        XCTAssertEqual(total, 2, "the seed's dimsky was replaced")
        let after = try await withTimeLimit("a second import") { [dimsky] in
            try await store.importProfiles(["dimsky": dimsky])
        }
        XCTAssertEqual(after, 2, "the profiles the database holds, not how many were imported")
        let record = try await withTimeLimit("the lookup of dimsky") { try await store.profile(for: "dimsky") }
        XCTAssertEqual(record, dimsky)
    }

    func testAMissingFolderIsAnErrorUnlessTheStoreCreatesIt() async throws {
        let folder = try Files.temporaryFolder(for: self).appendingPathComponent("data/puremvvm")
        let path = folder.appendingPathComponent("profiles.sqlite").path
        do {
            _ = try await withTimeLimit("the lookup of dimsky") {
                try await SQLiteProfileStore(path: path).profile(for: "dimsky")
            }
            XCTFail("opened a file in a missing folder")
        } catch let error as ProfileSourceError {
            XCTAssertEqual(
                error,
                .unreachable(.failed(file: "profiles.sqlite", action: .open, reason: "unable to open database file")))
            XCTAssertEqual(error.description, "cannot open profiles.sqlite: unable to open database file")
        }
        let record = try await withTimeLimit("the lookup of dimsky") {
            try await SQLiteProfileStore(path: path, createsFolder: true).profile(for: "dimsky")
        }
        XCTAssertNil(record)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]
        XCTAssertEqual(mode as? Int, 0o700)
    }

    func testACancelledCallDoesNotRun() async throws {
        let store = SQLiteProfileStore(path: try path())
        let lookup = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.profile(for: "dimsky")
        }
        do {
            _ = try await lookup.value(awaiting: "the cancelled lookup to end")
            XCTFail("looked up")
        } catch {
            XCTAssertEqual(error as? ProfileSourceError, .cancelled)
        }
    }
}
