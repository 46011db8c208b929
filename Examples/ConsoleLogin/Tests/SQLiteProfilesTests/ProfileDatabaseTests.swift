import Foundation
import LoginFeature
import SQLiteProfiles
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The profile database on real SQLite files in a temporary folder: missing, empty, not a database, of a newer
/// version or another application's, read-only, locked by another connection, and large.
final class ProfileDatabaseTests: GuardedTestCase {
    private let dimsky = ProfileRecord(balance: "100", redPacket: "3")
    private let short = Duration.milliseconds(10)

    private func file(_ name: String = "profiles.sqlite") throws -> String {
        try Files.temporaryFolder(for: self).appendingPathComponent(name).path
    }

    private func error(_ body: () throws(ProfileSourceError) -> Void) -> ProfileSourceError? {
        do throws(ProfileSourceError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    func testAMissingFileIsCreatedWithItsSchemaAndKeepsWhatIsSaved() throws {
        let path = try file()
        let database = try ProfileDatabase(path: path)
        XCTAssertTrue(database.wasCreated)
        XCTAssertNil(try database.profile(for: "dimsky"), "a new database holds no profiles")
        try database.save(dimsky, for: "dimsky")

        let reopened = try ProfileDatabase(path: path)
        XCTAssertFalse(reopened.wasCreated)
        XCTAssertEqual(try reopened.profile(for: "dimsky"), dimsky)
        let raw = try RawDatabase(path: path)
        XCTAssertEqual(try raw.integer("PRAGMA user_version"), ProfileDatabase.schemaVersion)
        XCTAssertEqual(try raw.integer("PRAGMA application_id"), 0x504D_564D, "\"PMVM\"")
    }

    /// Issue 31, F6: SQLite creates a file 0644 (less the umask), and its journals take the file's mode, so the
    /// default database was readable by everyone. A new file is made 0600 first, whatever the umask.
    func testANewFileIsReadableAndWritableByItsOwnerOnlyWhateverTheUmask() throws {
        let path = try file()
        let umaskBefore = umask(0o022)
        defer { umask(umaskBefore) }
        let database = try ProfileDatabase(path: path)
        try database.save(dimsky, for: "dimsky")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let kept = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        XCTAssertEqual(kept, ["profiles.sqlite"], "no journal left behind")
    }

    /// Issue 31, F6: a symbolic link at the path was followed. SQLite now opens without following one.
    func testASymbolicLinkIsNeverFollowed() throws {
        let path = try file()
        let real = (path as NSString).deletingLastPathComponent + "/real.sqlite"
        try ProfileDatabase(path: real).save(dimsky, for: "dimsky")
        XCTAssertEqual(symlink(real, path), 0)
        XCTAssertEqual(
            error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path) },
            .unreachable(.failed(file: "profiles.sqlite", action: .open, reason: "unable to open database file")))
        let dangling = (path as NSString).deletingLastPathComponent + "/dangling.sqlite"
        XCTAssertEqual(symlink((path as NSString).deletingLastPathComponent + "/nowhere.sqlite", dangling), 0)
        XCTAssertNotNil(error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: dangling) })
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent + "/nowhere.sqlite"),
            "nothing made through the link")
    }

    func testAnEmptyFileGetsTheSchemaAndTheSeed() throws {
        let path = try file()
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let database = try ProfileDatabase(path: path, seed: { ["dimsky": self.dimsky] })
        XCTAssertTrue(database.wasCreated)
        XCTAssertEqual(try database.profile(for: "dimsky"), dimsky)
        XCTAssertEqual(try database.count(), 1)
        let again = try ProfileDatabase(
            path: path,
            seed: {
                XCTFail("seeded twice"); return [:]
            })
        XCTAssertEqual(try again.count(), 1)
    }

    func testAFileOfRandomBytesIsCorruptNamedAndLeftUntouched() throws {
        let path = try file("random.sqlite")
        let bytes = Data((0..<4096).map { _ in UInt8.random(in: 0...255) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let failure = error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path) }
        XCTAssertEqual(failure, .corrupt(file: "random.sqlite", reason: .text("file is not a database")))
        XCTAssertEqual(failure?.description, "random.sqlite is not a valid profile file: file is not a database")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "never written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-journal"))
    }

    func testANewerSchemaVersionIsRefusedAndLeftUntouched() throws {
        let path = try file()
        _ = try ProfileDatabase(path: path)
        try RawDatabase(path: path).execute("PRAGMA user_version = 4")
        let failure = error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path) }
        XCTAssertEqual(
            failure,
            .unreachable(.newerSchema(file: "profiles.sqlite", version: 4, newest: 3))
        )
        XCTAssertEqual(
            failure?.description,
            "profiles.sqlite has schema version 4, newer than this login reads (3); it was left untouched")
        XCTAssertEqual(try RawDatabase(path: path).integer("PRAGMA user_version"), 4)
    }

    func testAnotherApplicationsDatabaseIsRefused() throws {
        let path = try file("other.sqlite")
        try RawDatabase(path: path).execute("CREATE TABLE notes (text TEXT)")
        XCTAssertEqual(
            error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path) },
            .corrupt(file: "other.sqlite", reason: .otherTables))
        try RawDatabase(path: path).execute("PRAGMA application_id = 42")
        XCTAssertEqual(
            error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path) },
            .corrupt(file: "other.sqlite", reason: .otherApplication))
    }

    func testAReadOnlyFileIsReadAndRefusesToSave() throws {
        let path = try file()
        try ProfileDatabase(path: path).save(dimsky, for: "dimsky")
        XCTAssertEqual(chmod(path, 0o444), 0)
        let database = try Files.withoutFilePrivileges { try ProfileDatabase(path: path) }
        XCTAssertEqual(try database.profile(for: "dimsky"), dimsky)
        XCTAssertEqual(
            error { () throws(ProfileSourceError) in try database.save(dimsky, for: "newcomer") },
            .unreachable(.readOnly(file: "profiles.sqlite", action: .save)))
    }

    func testAReadOnlyEmptyFileCannotGetItsSchema() throws {
        let path = try file()
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        XCTAssertEqual(chmod(path, 0o444), 0)
        let failure = try Files.withoutFilePrivileges {
            error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path) }
        }
        XCTAssertEqual(failure, .unreachable(.readOnly(file: "profiles.sqlite", action: .createTable)))
        XCTAssertEqual(failure?.description, "cannot create the profile table in profiles.sqlite: it is read-only")
    }

    func testALockedFileIsANoticeAfterTheBusyTimeoutNotAHang() throws {
        let path = try file()
        try ProfileDatabase(path: path).save(dimsky, for: "dimsky")
        let other = try RawDatabase(path: path)
        try other.execute("BEGIN EXCLUSIVE")  // no reader gets in
        let locked = ProfileSourceError.unreachable(.locked(file: "profiles.sqlite", waited: short))
        XCTAssertEqual(
            error { () throws(ProfileSourceError) in _ = try ProfileDatabase(path: path, busyTimeout: short) }, locked)
        try other.execute("COMMIT")

        let database = try ProfileDatabase(path: path, busyTimeout: short)
        try other.execute("BEGIN IMMEDIATE")  // readers get in, writers wait
        XCTAssertEqual(try database.profile(for: "dimsky"), dimsky)
        XCTAssertEqual(error { () throws(ProfileSourceError) in try database.save(dimsky, for: "newcomer") }, locked)
        try other.execute("COMMIT")
        try database.save(dimsky, for: "newcomer")
        XCTAssertEqual(try database.count(), 2)
    }

    func testNamesAreBoundNeverSplicedIntoSQL() throws {
        let database = try ProfileDatabase(path: try file())
        let names = ["x'; DROP TABLE profiles; --", "\"quoted\"", "?1", "名字", "a\u{0}b"]
        for (index, name) in names.enumerated() {
            try database.save(ProfileRecord(balance: "\(index)", redPacket: "0"), for: name)
        }
        for (index, name) in names.enumerated() {
            XCTAssertEqual(try database.profile(for: name)?.balance, "\(index)", name.debugDescription)
        }
        XCTAssertEqual(try database.count(), names.count)
    }

    func testTenThousandProfilesInOneTransaction() throws {
        let database = try ProfileDatabase(path: try file())
        let records = Dictionary(
            uniqueKeysWithValues: (0..<10_000).map { ("user\($0)", ProfileRecord(balance: "\($0)", redPacket: "1")) })
        try database.save(records)
        XCTAssertEqual(try database.count(), 10_000)
        XCTAssertEqual(try database.profile(for: "user7919")?.balance, "7919")
        XCTAssertNil(try database.profile(for: "user10000"))
    }

    func testInMemory() throws {
        let database = try ProfileDatabase(path: ":memory:", seed: { ["dimsky": self.dimsky] })
        XCTAssertEqual(database.name, ":memory:")
        XCTAssertEqual(try database.profile(for: "dimsky"), dimsky)
    }
}
