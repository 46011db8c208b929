import Foundation
import TestSupport
import XCTest

/// The built `login` executable, found next to the test bundle in the build products folder, never from the
/// current directory. This target depends on `login`, so `swift test` builds it first.
enum LoginBinary {
    static func path() throws -> String {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("login").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw TestSetupError("the built login binary is not next to the tests in \(folders.map(\.path))")
    }
}

/// A problem in a test's set-up: thrown, it fails the test with its message.
struct TestSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The package's folders, found from this source file's path.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // LoginEndToEndTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The fixtures. The account files among them are made private (mode 0600) on first use: `login` warns
    /// about an account file that others can read, and a checkout leaves them as its umask says.
    static let fixtures: URL = {
        let fixtures = packageRoot.appendingPathComponent("Fixtures")
        let accounts = fixtures.appendingPathComponent("accounts")
        for case let file as URL in FileManager.default.enumerator(at: accounts, includingPropertiesForKeys: nil)!
        where file.pathExtension == "accounts" {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }
        return fixtures
    }()

    /// A new empty folder for one test, removed when the test ends. Files the tests create are private, as
    /// account files must be (umask 077), unless a test sets their mode.
    static func temporaryFolder(for test: XCTestCase) throws -> URL {
        umask(0o077)
        let folder = try TemporaryFolder.make(prefix: "puremvvm-login-e2e")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
