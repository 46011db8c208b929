import Foundation
import LoginFeature
import SQLiteProfiles
import TestSupport
import XCTest

/// Database files for the orders' tests: new ones, and copies of the fixtures, in the test's temporary folder.
extension XCTestCase {
    /// A path for a new database file in a new temporary folder.
    func newDatabasePath(_ name: String = "profiles.sqlite") throws -> String {
        try Files.temporaryFolder(for: self).appendingPathComponent(name).path
    }

    /// A copy of a file of Fixtures/profiles in a new temporary folder, writable by its owner.
    func copyOfFixture(_ name: String) throws -> String {
        let copy = try Files.temporaryFolder(for: self).appendingPathComponent(name)
        try FileManager.default.copyItem(at: Paths.fixtures.appendingPathComponent("profiles/" + name), to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
        return copy.path
    }

    /// The error a call throws, or `nil`.
    func orderError(_ body: () throws(OrderServiceError) -> Void) -> OrderServiceError? {
        do throws(OrderServiceError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The bytes of a file.
    func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
