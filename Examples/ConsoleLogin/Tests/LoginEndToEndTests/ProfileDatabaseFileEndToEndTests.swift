import Foundation
import TestSupport
import XCTest

/// Issue 31, F6: the default profile database was created 0644 (SQLite's mode, less the umask), readable by
/// everyone. Made by the built `login` with the common umask 022, it is 0600 now, in a folder made 0700.
final class ProfileDatabaseFileEndToEndTests: GuardedTestCase {
    func testTheDefaultDatabaseIsMadePrivateWhateverTheUmask() throws {
        let home = try Paths.temporaryFolder(for: self)
        let data = home.appendingPathComponent("data").path
        let json = Paths.fixtures.appendingPathComponent("profiles/profiles.json").path
        let run = try PipedProcess.run(
            "/bin/sh", ["-c", "umask 022; exec \"$0\" \"$@\"", try LoginBinary.path(), "import-profiles", json],
            environment: Spawn.environment(["XDG_DATA_HOME": data]))
        XCTAssertEqual(run.status, .exited(0), run.errors)
        let folder = data + "/puremvvm"
        let attributes = { (path: String) in try FileManager.default.attributesOfItem(atPath: path) }
        XCTAssertEqual(try attributes(folder)[.posixPermissions] as? Int, 0o700)
        XCTAssertEqual(try attributes(folder + "/profiles.sqlite")[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["profiles.sqlite"])
    }
}
