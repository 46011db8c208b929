import ConsoleView
import Crypt
import Foundation
import LoginFeature
import XCTest

@testable import login

/// `login signup` at the console: every transcript in Fixtures/transcripts/signup, through the whole program in
/// memory, on a fresh copy of Fixtures/accounts/signup.accounts; then what the run left in the copy. Format and
/// recording: Fixtures/transcripts/signup/README.md.
@MainActor
final class SignupTranscriptTests: XCTestCase {
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
        let reads = try TranscriptMarkup.reads(in: transcript.screen)
        let terminal = ScriptedTerminal(typing: reads.map(\.keystrokes))
        let clock = ImmediateClock()
        let environment = LoginEnvironment(
            output: terminal, errors: terminal, lines: terminal, style: .plain, canReadHiddenInput: { true },
            readStandardInput: { _ in [] }, makeHasher: { try? CryptPasswordHasher(method: $0) }, clock: clock)
        let arguments = transcript.arguments.map { $0.replacingOccurrences(of: "{Accounts}", with: accounts.path) }
        let status = await LoginProgram(environment: environment).run(arguments: arguments)
        let screen = TranscriptMarkup.screen(of: terminal.events)
            .replacingOccurrences(of: accounts.path, with: "{Accounts}")

        // Hidden lines are never printed after the first prompt.
        let printed = terminal.events.drop { event in
            if case .read = event { return false }
            return true
        }
        .reduce(into: "") { text, event in
            if case .output(let written) = event { text += written }
        }
        for read in reads where read.hidden {
            guard case .bytes(let bytes) = read.keystrokes, bytes.count >= 3, bytes.first != UInt8(ascii: ":") else {
                continue
            }
            XCTAssertFalse(
                printed.contains(String(decoding: bytes, as: UTF8.self)),
                "\(transcript.name): a hidden line was printed")
        }

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

        let matches =
            screen == transcript.screen && status.rawValue == transcript.exitStatus
            && clock.requestedDelays == transcript.delays
        guard !matches else { return }
        if ProcessInfo.processInfo.environment["PUREMVVM_RECORD"] == "1" {
            guard ProcessInfo.processInfo.environment["CI"] == nil else {
                return XCTFail("\(transcript.name): recording is refused when CI is set")
            }
            let text = transcript.recorded(screen: screen, exitStatus: status.rawValue, delays: clock.requestedDelays)
            try text.write(to: transcript.file, atomically: true, encoding: .utf8)
            return XCTFail("\(transcript.name): recorded; review the diff, then run again without PUREMVVM_RECORD")
        }
        XCTAssertEqual(status.rawValue, transcript.exitStatus, "\(transcript.name): exit status")
        XCTAssertEqual(
            clock.requestedDelays.map(Transcript.format), transcript.delays.map(Transcript.format),
            "\(transcript.name): delays")
        if screen != transcript.screen {
            XCTFail("\(transcript.name): the screen differs\n" + TranscriptRunner.difference(transcript.screen, screen))
        }
    }
}
