import Crypt
import Foundation
import LoginFeature
import TestSupport
import XCTest

@testable import login

/// `login signup` at the console: every transcript in Fixtures/transcripts/signup, through the whole program in
/// memory, on a fresh copy of Fixtures/accounts/signup.accounts; then what the run left in the copy. Format and
/// recording: Fixtures/transcripts/signup/README.md.
@MainActor
final class SignupTranscriptTests: GuardedTestCase {
    private static let folder = Paths.fixtures.appendingPathComponent("transcripts/signup")
    private static let startingAccounts = Paths.fixtures.appendingPathComponent("accounts/signup.accounts")

    func testEverySignupTranscript() async throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "transcript" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertEqual(files.map(\.lastPathComponent), ["signup-chinese.transcript", "signup-english.transcript"])
        for file in files {
            try await check(Transcript(contentsOf: file))
        }
    }

    private func check(_ transcript: Transcript) async throws {
        let accounts = try Paths.temporaryFolder(for: self).appendingPathComponent("team.accounts")
        try FileManager.default.copyItem(at: Self.startingAccounts, to: accounts)
        await TranscriptRunner.check(transcript, pattern: nil, placeholders: ["{Accounts}": accounts.path])

        // The account file: unchanged but for one new entry when the sign-up succeeded.
        let before = try String(contentsOf: Self.startingAccounts, encoding: .utf8)
        let after = try AccountFile(parsing: String(contentsOf: accounts, encoding: .utf8))
        let added = after.accounts.filter { $0.name != "taken@example.com" }
        XCTAssertTrue(after.text.hasPrefix(before), "\(transcript.name): the file's lines were kept")
        if transcript.exitStatus == 0 {
            XCTAssertEqual(added.map(\.name), ["new@example.com"], transcript.name)
            XCTAssertTrue(try CryptPasswordHasher().verify("balabala", against: XCTUnwrap(added.first).passwordHash))
        } else {
            XCTAssertEqual(added.map(\.name), [], "\(transcript.name): nothing was created")
        }
    }
}
