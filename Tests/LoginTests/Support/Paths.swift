import Foundation
import XCTest

/// The package's folders, found from this source file's path, never from the current directory.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // LoginTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// A new empty folder for one test, removed when the test ends.
    static func temporaryFolder(for test: XCTestCase) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("puremvvm-login-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
