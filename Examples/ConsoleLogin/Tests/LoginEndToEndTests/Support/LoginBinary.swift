import Foundation
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
