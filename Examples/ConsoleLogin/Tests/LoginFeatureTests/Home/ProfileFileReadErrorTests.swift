import Foundation
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

/// The local profile file's read errors, described without Foundation's localized texts (the module uses
/// FoundationEssentials where it exists, which has none).
final class ProfileFileReadErrorTests: GuardedTestCase {
    func testAMissingFileIsAMissAndAnUnreadableOneSaysWhy() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("profiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let missing = JSONFileProfileSource(url: folder.appendingPathComponent("none.json"))
        let record = try await withTimeLimit("the lookup of dimsky") { try await missing.profile(for: "dimsky") }
        XCTAssertNil(record)

        let directory = JSONFileProfileSource(url: folder)
        do {
            _ = try await withTimeLimit("the lookup of dimsky") { try await directory.profile(for: "dimsky") }
            XCTFail("a folder was read as a profile file")
        } catch let error as ProfileSourceError {
            XCTAssertEqual(
                error, .unreachable(.failed(file: folder.lastPathComponent, action: .read, reason: "EISDIR")))
        }
    }
}
