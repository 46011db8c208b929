import ConsoleView
import Foundation
import LoginFeature
import PureMVVMTesting
import SQLiteProfiles
import TestSupport
import XCTest

@testable import login

/// The home screen's database in the composition root: `--profiles FILE.sqlite`, the default file under the
/// user's data folder, seeded from Fixtures/profiles/profiles.json, what the server returned kept for the next
/// sign-in, and `login import-profiles`.
@MainActor
final class HomeProfilesTests: GuardedTestCase {
    private var folder: URL!

    /// A new folder for the test's databases (see ``TemporaryFolder``), removed when the test ends.
    override func setUp() async throws {
        let folder = try TemporaryFolder.make(prefix: "puremvvm-profiles")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        self.folder = folder
    }

    /// Signs dimsky in twice in one session (logout in between), then quits.
    private let twoSignIns: [ScriptedTerminal.Keystrokes] = [
        .line("dimsky"), .line("balabala"), .line("logout"), .line("dimsky"), .line("balabala"), .line("quit"),
    ]

    func testTheServerIsAskedOnceForTwoSignIns() async throws {
        let path = folder.appendingPathComponent("new.sqlite").path
        let harness = ProgramHarness(typing: twoSignIns)
        let status = try await harness.run(["--profiles", path, "--language", "en"])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(harness.clock.requestedDelays, [HomeProfiles.serverDelay], "the second sign-in reads the file")
        XCTAssertEqual(harness.output.components(separatedBy: "  Balance: 100 yuan\n").count - 1, 2, harness.output)
        XCTAssertEqual(try ProfileDatabase(path: path).profile(for: "dimsky"), HomeProfiles.serverRecords["dimsky"])
    }

    func testTheDefaultDatabaseIsCreatedInTheDataFolderWithTheDemosProfiles() async throws {
        let path = HomeProfiles.defaultStorePath(environment: ["XDG_DATA_HOME": folder.path + "/data"])
        XCTAssertEqual(path, folder.path + "/data/puremvvm/profiles.sqlite")
        let harness = ProgramHarness(typing: [.line("dimsky"), .line("balabala"), .line("quit")])
        harness.defaultProfileStorePath = path
        let status = try await harness.run([])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(harness.clock.requestedDelays, [], "the seed holds dimsky: no server")
        let database = try ProfileDatabase(path: try XCTUnwrap(path))
        XCTAssertEqual(try database.count(), 2, "Fixtures/profiles/profiles.json's two profiles")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path + "/data/puremvvm")[.posixPermissions]
        XCTAssertEqual(mode as? Int, 0o700)
    }

    func testTheDefaultPathFollowsTheXDGBaseDirectories() {
        XCTAssertEqual(
            HomeProfiles.defaultStorePath(environment: ["HOME": "/home/dimsky"]),
            "/home/dimsky/.local/share/puremvvm/profiles.sqlite")
        XCTAssertEqual(
            HomeProfiles.defaultStorePath(environment: ["HOME": "/home/dimsky", "XDG_DATA_HOME": "/data"]),
            "/data/puremvvm/profiles.sqlite")
        XCTAssertEqual(
            HomeProfiles.defaultStorePath(environment: ["HOME": "/home/dimsky", "XDG_DATA_HOME": "relative"]),
            "/home/dimsky/.local/share/puremvvm/profiles.sqlite", "a relative XDG_DATA_HOME is ignored, as specified")
        XCTAssertNil(HomeProfiles.defaultStorePath(environment: [:]), "then the store lives in memory")
        XCTAssertNil(HomeProfiles.defaultStorePath(environment: ["HOME": "relative"]))
    }

    func testAJSONFileIsNotADatabaseButCanBeImported() async throws {
        let json = Paths.fixtures.appendingPathComponent("profiles/profiles.json").path
        let refused = ProgramHarness()
        let refusal = try await refused.run(["--profiles", json])
        XCTAssertEqual(refusal, .usage)
        XCTAssertEqual(
            refused.errorOutput,
            """
            login: --profiles takes an SQLite database, and \(json) is JSON.
            Import it into one with 'login import-profiles --profiles FILE.sqlite \(json)'.

            """)

        let path = folder.appendingPathComponent("imported.sqlite").path
        for _ in 1...2 {
            let harness = ProgramHarness()
            let status = try await harness.run(["import-profiles", "--profiles", path, json])
            XCTAssertEqual(status, .success)
            XCTAssertEqual(harness.output, "Imported 2 profiles from \(json) into \(path) (it holds 2).\n")
        }
    }

    func testImportProfilesHasItsHelp() async throws {
        let harness = ProgramHarness()
        let status = try await harness.run(["import-profiles", "--help"])
        XCTAssertEqual(status, .success)
        XCTAssertEqual(harness.output, HelpText(language: .english).importProfiles)
    }

    func testImportFailuresAreUsageErrors() async throws {
        let database = folder.appendingPathComponent("p.sqlite").path
        let corrupt = Paths.fixtures.appendingPathComponent("profiles/corrupt.json").path
        let cases: [([String], String)] = [
            (
                ["import-profiles", "--profiles", database, corrupt],
                "login: corrupt.json is not a valid profile file: not JSON.\n"
            ),
            (["import-profiles", "--profiles", database, "/no/such.json"], "login: /no/such.json does not exist.\n"),
            (
                ["import-profiles", Paths.fixtures.appendingPathComponent("profiles/profiles.json").path],
                "login: there is no default profile database: neither XDG_DATA_HOME nor HOME is set.\n"
                    + "Name one with --profiles FILE.sqlite.\n"
            ),
            (
                [
                    "import-profiles", "--profiles",
                    Paths.fixtures.appendingPathComponent("profiles/corrupt.sqlite").path,
                    Paths.fixtures.appendingPathComponent("profiles/profiles.json").path,
                ],
                "login: corrupt.sqlite is not a valid profile file: file is not a database.\n"
            ),
        ]
        for (arguments, message) in cases {
            let harness = ProgramHarness()
            let status = try await harness.run(arguments)
            XCTAssertEqual(status, .usage, "\(arguments)")
            XCTAssertEqual(harness.errorOutput, message, "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: database), "nothing created for a bad JSON file")
    }
}
