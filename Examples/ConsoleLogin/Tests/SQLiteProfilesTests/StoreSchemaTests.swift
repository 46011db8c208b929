import Foundation
import LoginFeature
import SQLiteProfiles
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Schema version 3 in one file for the profiles and the orders: created whole by whichever store opens a new
/// file first, migrated from version 1 with the profiles kept and from version 2 with the orders kept, each in one
/// transaction; newer versions, other applications' files and files that are not databases refused and left
/// untouched.
final class StoreSchemaTests: GuardedTestCase {
    private let demo = DemoOrders.orders()
    private let fixtureProfiles = [
        "dimsky": ProfileRecord(balance: "100", redPacket: "3"),
        "balabala": ProfileRecord(balance: "12.50", redPacket: "0"),
        "newcomer": ProfileRecord(balance: "7", redPacket: "1"),
    ]

    func testTheFixtureIsAVersion1ProfileDatabase() throws {
        let raw = try RawDatabase(path: try copyOfFixture("version-1.sqlite"))
        XCTAssertEqual(try raw.integer("PRAGMA user_version"), 1)
        XCTAssertEqual(try raw.integer("PRAGMA application_id"), 0x504D_564D)
        XCTAssertEqual(try raw.integer("SELECT count(*) FROM sqlite_master"), 1, "the profiles table alone")
    }

    func testAVersion1FileIsMigratedItsProfilesKeptAndTheOrdersSeeded() throws {
        let path = try copyOfFixture("version-1.sqlite")
        let orders = try OrderDatabase(path: path, seed: { ["dimsky": self.demo] })
        XCTAssertTrue(orders.wasCreatedOrMigrated)
        XCTAssertEqual(try orders.count(of: "dimsky"), 95)
        XCTAssertEqual(try orders.orders(OrderQuery(username: "dimsky")), OrderQuery(username: "dimsky").page(of: demo))
        XCTAssertEqual(try RawDatabase(path: path).integer("PRAGMA user_version"), 3)

        let profiles = try ProfileDatabase(path: path)
        XCTAssertFalse(profiles.wasCreated)
        XCTAssertEqual(try profiles.count(), 3)
        for (name, record) in fixtureProfiles {
            XCTAssertEqual(try profiles.profile(for: name), record, name)
        }
        let again = try OrderDatabase(
            path: path,
            seed: {
                XCTFail("seeded twice"); return [:]
            })
        XCTAssertFalse(again.wasCreatedOrMigrated)
    }

    func testTheProfileStoreMigratesWithTheOrdersSeedItIsGiven() throws {
        let seeded = try copyOfFixture("version-1.sqlite")
        let profiles = try ProfileDatabase(path: seeded, orderSeed: { ["dimsky": self.demo] })
        XCTAssertFalse(profiles.wasCreated, "migrated, not created")
        XCTAssertEqual(try profiles.profile(for: "dimsky"), fixtureProfiles["dimsky"])
        XCTAssertEqual(try OrderDatabase(path: seeded).count(of: "dimsky"), 95)

        let unseeded = try copyOfFixture("version-1.sqlite")
        _ = try ProfileDatabase(path: unseeded)
        let orders = try OrderDatabase(
            path: unseeded,
            seed: {
                XCTFail("the file is migrated already"); return [:]
            })
        XCTAssertEqual(try orders.orders(OrderQuery(username: "dimsky")), OrderPage(orders: [], nextCursor: nil))
    }

    func testANewFileGetsTheWholeSchemaWhicheverStoreOpensItFirst() throws {
        let profileFirst = try newDatabasePath()
        let profiles = try ProfileDatabase(
            path: profileFirst, seed: { self.fixtureProfiles }, orderSeed: { ["dimsky": self.demo] })
        XCTAssertTrue(profiles.wasCreated)
        XCTAssertEqual(try OrderDatabase(path: profileFirst).count(of: "dimsky"), 95)

        let orderFirst = try newDatabasePath()
        let orders = try OrderDatabase(
            path: orderFirst, seed: { ["dimsky": self.demo] }, profileSeed: { self.fixtureProfiles })
        XCTAssertTrue(orders.wasCreatedOrMigrated)
        XCTAssertEqual(try ProfileDatabase(path: orderFirst).count(), 3)
        let raw = try RawDatabase(path: orderFirst)
        XCTAssertEqual(try raw.integer("PRAGMA user_version"), 3)
        XCTAssertEqual(try raw.integer("PRAGMA application_id"), 0x504D_564D)
        XCTAssertEqual(try raw.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table'"), 3)
    }

    func testAFailedMigrationLeavesVersion1WholeAndIsTriedAgain() throws {
        let path = try copyOfFixture("version-1.sqlite")
        var twin = demo[1]
        twin.number = demo[0].number
        let failure = orderError { () throws(OrderServiceError) in
            _ = try OrderDatabase(path: path, seed: { ["dimsky": [self.demo[0], twin]] })
        }
        XCTAssertEqual(
            failure,
            .storeUnavailable(file: "version-1.sqlite", problem: .sqlite("UNIQUE constraint failed: orders.number")))
        let raw = try RawDatabase(path: path)
        XCTAssertEqual(try raw.integer("PRAGMA user_version"), 1, "rolled back")
        XCTAssertEqual(try raw.integer("SELECT count(*) FROM sqlite_master"), 1, "no orders' table left behind")
        XCTAssertEqual(try OrderDatabase(path: path, seed: { ["dimsky": self.demo] }).count(of: "dimsky"), 95)
    }

    func testAMigrationWaitsForAnotherProgramsLockThenFailsAndIsTriedAgain() throws {
        let path = try copyOfFixture("version-1.sqlite")
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN IMMEDIATE")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in
                _ = try OrderDatabase(path: path, busyTimeout: .milliseconds(10))
            },
            .storeUnavailable(file: "version-1.sqlite", problem: .locked(waited: .milliseconds(10))))
        try other.execute("COMMIT")
        XCTAssertEqual(try other.integer("PRAGMA user_version"), 1)
        XCTAssertTrue(try OrderDatabase(path: path, busyTimeout: .milliseconds(10)).wasCreatedOrMigrated)
    }

    func testAReadOnlyVersion1FileServesItsProfilesButNotTheOrders() throws {
        let path = try copyOfFixture("version-1.sqlite")
        let bytes = try contents(path)
        XCTAssertEqual(chmod(path, 0o444), 0)
        try Files.withoutFilePrivileges {
            let profiles = try ProfileDatabase(path: path, orderSeed: { ["dimsky": self.demo] })
            XCTAssertEqual(try profiles.profile(for: "balabala"), fixtureProfiles["balabala"])
            XCTAssertEqual(
                orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: path) },
                .storeUnavailable(file: "version-1.sqlite", problem: .readOnly))
        }
        XCTAssertEqual(try contents(path), bytes, "never written")
    }

    func testANewerVersionIsRefusedByBothStoresAndLeftUntouched() throws {
        let path = try newDatabasePath()
        _ = try OrderDatabase(path: path)
        try RawDatabase(path: path).execute("PRAGMA user_version = 4")
        let bytes = try contents(path)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: path) },
            .storeUnavailable(file: "profiles.sqlite", problem: .newerVersion(4, supported: 3)))
        XCTAssertThrowsError(try ProfileDatabase(path: path)) { error in
            XCTAssertEqual(
                error as? ProfileSourceError,
                .unreachable(.newerSchema(file: "profiles.sqlite", version: 4, newest: 3)))
        }
        XCTAssertEqual(try contents(path), bytes)
        XCTAssertEqual(ProfileDatabase.schemaVersion, 3)
    }

    func testAnUnknownVersionIsRefused() throws {
        let path = try newDatabasePath()
        _ = try OrderDatabase(path: path)
        try RawDatabase(path: path).execute("PRAGMA user_version = 0")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: path) },
            .storeUnavailable(file: "profiles.sqlite", problem: .unknownVersion(0)))
        XCTAssertThrowsError(try ProfileDatabase(path: path)) { error in
            XCTAssertEqual(
                error as? ProfileSourceError,
                .corrupt(file: "profiles.sqlite", reason: .unknownSchemaVersion(0)))
        }
    }

    func testOtherApplicationsFilesAndFilesThatAreNotDatabasesAreRefusedAndLeftUntouched() throws {
        let other = try newDatabasePath("other.sqlite")
        try RawDatabase(path: other).execute("CREATE TABLE orders (text TEXT)")
        let otherTables = try contents(other)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: other) },
            .storeUnavailable(file: "other.sqlite", problem: .otherTables))
        XCTAssertEqual(try contents(other), otherTables)
        try RawDatabase(path: other).execute("PRAGMA application_id = 42")
        let otherApplication = try contents(other)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: other) },
            .storeUnavailable(file: "other.sqlite", problem: .otherApplication))
        XCTAssertEqual(try contents(other), otherApplication)

        let corrupt = try copyOfFixture("corrupt.sqlite")
        let corruptBytes = try contents(corrupt)
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: corrupt) },
            .storeUnavailable(file: "corrupt.sqlite", problem: .notADatabase))
        XCTAssertEqual(try contents(corrupt), corruptBytes)
    }

    func testAReadOnlyEmptyFileCannotGetTheOrdersSchema() throws {
        let path = try newDatabasePath()
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(chmod(path, 0o444), 0)
        let failure = try Files.withoutFilePrivileges {
            orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: path) }
        }
        XCTAssertEqual(failure, .storeUnavailable(file: "profiles.sqlite", problem: .readOnly))
    }

    // MARK: Version 2

    /// A version 2 file as the previous login left it: a version 3 file with the delivery note's column dropped
    /// (SQLite rewrites the table's definition as version 2 made it) and the version set back.
    private func version2File(with orders: [Order]) throws -> String {
        let path = try newDatabasePath()
        _ = try OrderDatabase(path: path, seed: { ["dimsky": orders] }, profileSeed: { self.fixtureProfiles })
        let raw = try RawDatabase(path: path)
        try raw.execute("ALTER TABLE orders DROP COLUMN delivery_note; PRAGMA user_version = 2")
        return path
    }

    func testAVersion2FileIsMigratedItsOrdersKeptEachWithoutANote() throws {
        let path = try version2File(with: demo)
        let orders = try OrderDatabase(
            path: path,
            seed: {
                XCTFail("the orders are there already"); return [:]
            })
        XCTAssertFalse(orders.wasCreatedOrMigrated, "nothing seeded")
        XCTAssertEqual(try RawDatabase(path: path).integer("PRAGMA user_version"), 3)
        XCTAssertEqual(try orders.orders(OrderQuery(username: "dimsky")), OrderQuery(username: "dimsky").page(of: demo))
        XCTAssertEqual(try orders.order(demo[1].id, of: "dimsky").deliveryNote, "")
        XCTAssertEqual(
            try orders.saveDeliveryNote("Ring twice.", for: demo[1].id, of: "dimsky").deliveryNote, "Ring twice.")
        XCTAssertEqual(try OrderDatabase(path: path).order(demo[1].id, of: "dimsky").deliveryNote, "Ring twice.")
        XCTAssertEqual(try ProfileDatabase(path: path).profile(for: "balabala"), fixtureProfiles["balabala"])
    }

    func testTheProfileStoreMigratesAVersion2FileToo() throws {
        let path = try version2File(with: demo)
        let profiles = try ProfileDatabase(path: path)
        XCTAssertFalse(profiles.wasCreated)
        XCTAssertEqual(try profiles.profile(for: "dimsky"), fixtureProfiles["dimsky"])
        XCTAssertEqual(try RawDatabase(path: path).integer("PRAGMA user_version"), 3)
    }

    func testAReadOnlyVersion2FileServesItsProfilesButNotTheOrders() throws {
        let path = try version2File(with: demo)
        let bytes = try contents(path)
        XCTAssertEqual(chmod(path, 0o444), 0)
        try Files.withoutFilePrivileges {
            XCTAssertEqual(try ProfileDatabase(path: path).profile(for: "balabala"), fixtureProfiles["balabala"])
            XCTAssertEqual(
                orderError { () throws(OrderServiceError) in _ = try OrderDatabase(path: path) },
                .storeUnavailable(file: "profiles.sqlite", problem: .readOnly))
        }
        XCTAssertEqual(try contents(path), bytes, "never written")
    }

    func testAVersion2MigrationWaitsForAnotherProgramsLockThenFailsWholeAndIsTriedAgain() throws {
        let path = try version2File(with: demo)
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN IMMEDIATE")
        XCTAssertEqual(
            orderError { () throws(OrderServiceError) in
                _ = try OrderDatabase(path: path, busyTimeout: .milliseconds(10))
            },
            .storeUnavailable(file: "profiles.sqlite", problem: .locked(waited: .milliseconds(10))))
        try other.execute("COMMIT")
        XCTAssertEqual(try other.integer("PRAGMA user_version"), 2, "rolled back")
        XCTAssertEqual(try OrderDatabase(path: path, busyTimeout: .milliseconds(10)).count(of: "dimsky"), 95)
        XCTAssertEqual(try other.integer("PRAGMA user_version"), 3)
    }
}
