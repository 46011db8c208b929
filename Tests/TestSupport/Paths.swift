package import Foundation
package import XCTest

/// The package's folders, found from this source file's path, never from the current directory.
package enum Paths {
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The fixtures. The account files among them are made private (mode 0600) on first use: `login` warns
    /// about an account file that others can read, and a checkout leaves them as its umask says.
    package static let fixtures: URL = {
        let fixtures = packageRoot.appendingPathComponent("Fixtures")
        let accounts = fixtures.appendingPathComponent("accounts")
        for case let file as URL in FileManager.default.enumerator(at: accounts, includingPropertiesForKeys: nil)!
        where file.pathExtension == "accounts" {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }
        return fixtures
    }()

    /// A copy of a fixture's file in a new temporary folder of the test's own (``temporaryFolder(for:)``), under the
    /// same name and with mode 0600: for runs of `login` that write beside an account file (its failure tally and
    /// lock file, written by every sign-in), which must never write in Fixtures.
    ///
    /// - Parameters:
    ///   - path: The file's path in Fixtures, such as `accounts/interop/tool-made.accounts`.
    ///   - test: The test the copy is for.
    /// - Returns: The copy's path.
    /// - Throws: The file system's error when the folder cannot be made or the file copied.
    package static func fixtureCopy(_ path: String, for test: XCTestCase) throws -> String {
        let copy = try temporaryFolder(for: test).appendingPathComponent((path as NSString).lastPathComponent)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(path), to: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy.path)
        return copy.path
    }

    /// A new empty folder for one test (see ``TemporaryFolder``), named after the test's class and removed when
    /// the test ends. Files the tests create are private, as account files must be (umask 077), unless a test sets
    /// their mode.
    ///
    /// - Parameter test: The test the folder is for.
    /// - Returns: The folder.
    /// - Throws: The file system's error when the folder cannot be made.
    package static func temporaryFolder(for test: XCTestCase) throws -> URL {
        umask(0o077)
        let folder = try TemporaryFolder.make(prefix: "puremvvm-\(type(of: test))")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
