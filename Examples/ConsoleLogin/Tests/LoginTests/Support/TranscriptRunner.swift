import ConsoleView
import Crypt
import Foundation
import Gallery
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// Runs console transcripts through the whole `login` program in memory: a scripted terminal types the marked
/// input, a clock returns at once and records the delays asked of it (the failure policy's and the simulated
/// profile server's), and the real crypt(3) hasher checks passwords, each password and hash once per test run
/// (``RememberingHasher``): a yescrypt check costs more than the rest of a transcript.
///
/// A transcript runs with any of the gallery's login patterns: the runner adds `--pattern NAME` to its
/// arguments. Every way of writing the login screen must produce the same transcripts:
///
/// ```swift
/// for transcript in try TranscriptRunner.all() {
///     await TranscriptRunner.check(transcript, pattern: .mvp)
/// }
/// ```
///
/// Set `PUREMVVM_RECORD=1` to rewrite the transcripts from what the MVVM pattern (the toolkit's own) does now, or
/// a command with no pattern (never when `CI` is set); the other patterns are only compared. Review the diff before
/// committing.
@MainActor
enum TranscriptRunner {
    struct Outcome {
        let screen: String
        let exitStatus: Int32
        let delays: [Duration]
        /// Only what the program wrote after the first prompt (the banner may show the demo password by design):
        /// typed text is not in it.
        let outputAfterFirstRead: String
    }

    /// Every transcript in a folder of Fixtures, by name: Fixtures/transcripts by default, or the traces of
    /// `--trace` (`all(in: "traces", withExtension: "trace")`), which have the same format.
    static func all(in folder: String = "transcripts", withExtension pathExtension: String = "transcript") throws
        -> [Transcript]
    {
        let folder = Paths.fixtures.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == pathExtension }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map(Transcript.init(contentsOf:))
    }

    /// Runs a transcript's input through `login` with the given login pattern.
    ///
    /// - Parameters:
    ///   - pattern: The login pattern, added as `--pattern NAME`; `nil` for a command with no login screen of a
    ///     pattern, such as `signup`.
    ///   - placeholders: Names the header's arguments use for paths known only at run time (`{Accounts}`), with
    ///     their paths; the screen shows the names again.
    ///   - extraArguments: Arguments added after the transcript's own, such as `--trace`.
    static func run(
        _ transcript: Transcript, pattern: LoginPattern?, placeholders: [String: String] = [:],
        adding extraArguments: [String] = []
    ) async throws -> Outcome {
        let reads = try TranscriptMarkup.reads(in: transcript.screen)
        let terminal = ScriptedTerminal(typing: reads.map(\.keystrokes))
        let clock = RecordingClock()
        var environment = LoginEnvironment(
            output: terminal,
            errors: terminal,
            lines: terminal,
            style: .plain,
            canReadHiddenInput: { true },
            readStandardInput: { _ in .bytes([]) },
            makeHasher: { method throws(PasswordHashingError) in try RememberingHasher.crypt(method) },
            clock: clock
        )
        environment.variables = transcript.environment
        let program = LoginProgram(environment: environment)
        // An account file of Fixtures is signed in to from a copy: a sign-in writes a failure tally beside it.
        let fixtureAccounts = Paths.fixtures.appendingPathComponent("accounts").path
        let copied = try TemporaryFolder.make(prefix: "puremvvm-transcript")
        defer { try? FileManager.default.removeItem(at: copied) }
        let copiedAccounts = copied.appendingPathComponent("accounts").path
        if transcript.arguments.contains(where: { $0.hasPrefix(fixtureAccounts) }) {
            try FileManager.default.copyItem(atPath: fixtureAccounts, toPath: copiedAccounts)
        }
        let arguments =
            (pattern.map { ["--pattern", $0.rawValue] } ?? [])
            + transcript.arguments.map { argument in
                placeholders.reduce(argument.replacingOccurrences(of: fixtureAccounts, with: copiedAccounts)) {
                    $0.replacingOccurrences(of: $1.key, with: $1.value)
                }
            } + extraArguments
        let status = try await withTimeLimit("\(transcript.name) with \(arguments) to end") {
            await program.run(arguments: arguments)
        }
        // A banner or error may name a fixture or a placeholder's path: show it as the transcript's header writes it.
        let screen = placeholders.reduce(
            TranscriptMarkup.screen(of: terminal.events).replacingOccurrences(
                of: copiedAccounts, with: "{Fixtures}/accounts"
            ).replacingOccurrences(of: Paths.fixtures.path, with: "{Fixtures}")
        ) { $0.replacingOccurrences(of: $1.value, with: $1.key) }
        return Outcome(
            screen: screen,
            exitStatus: status.rawValue,
            delays: clock.requestedDelays,
            outputAfterFirstRead: terminal.events.drop { !$0.isRead }.reduce(into: "") { text, event in
                if case .output(let written) = event { text += written }
            }
        )
    }

    /// Runs a transcript and reports every difference as a failure naming the pattern and the transcript.
    ///
    /// - Parameter records: Whether `PUREMVVM_RECORD=1` rewrites the file from this run; by default only from
    ///   MVVM's (or a command with no pattern), the others being compared with it. A trace records from its own.
    /// - Returns: `false` when the program did not end within ``TimeLimitExceeded/defaultTimeout``: it hangs, and the
    ///   caller had better stop than wait as long for every other transcript.
    @discardableResult
    static func check(
        _ transcript: Transcript, pattern: LoginPattern?, placeholders: [String: String] = [:],
        records: Bool? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async -> Bool {
        let context = pattern.map { "\($0.title) (--pattern \($0.rawValue)), \(transcript.name)" } ?? transcript.name
        let outcome: Outcome
        let reads: [TranscriptMarkup.Read]
        do {
            reads = try TranscriptMarkup.reads(in: transcript.screen)
            outcome = try await run(transcript, pattern: pattern, placeholders: placeholders)
        } catch {
            XCTFail("\(context): \(error)", file: file, line: line)
            return !(error is TimeLimitExceeded)
        }
        for read in reads where read.hidden {
            guard case .bytes(let bytes) = read.keystrokes, bytes.count >= 3 else { continue }
            var secret = String(decoding: bytes, as: UTF8.self)
            if secret.hasPrefix("::") {
                secret.removeFirst()  // the text typed
            } else if secret.hasPrefix(":") {
                continue  // a command, such as :help, whose output names it
            }
            XCTAssertFalse(
                outcome.outputAfterFirstRead.contains(secret), "\(context): a hidden line was printed", file: file,
                line: line)
        }
        let matches =
            outcome.screen == transcript.screen && outcome.exitStatus == transcript.exitStatus
            && outcome.delays == transcript.delays
        guard !matches else { return true }
        if ProcessInfo.processInfo.environment["PUREMVVM_RECORD"] == "1",
            records ?? (pattern == nil || pattern == .mvvm)
        {
            guard ProcessInfo.processInfo.environment["CI"] == nil else {
                XCTFail("\(context): recording is refused when CI is set", file: file, line: line)
                return true
            }
            let text = transcript.recorded(
                screen: outcome.screen, exitStatus: outcome.exitStatus, delays: outcome.delays)
            do {
                try text.write(to: transcript.file, atomically: true, encoding: .utf8)
                XCTFail(
                    "\(context): recorded; review the diff, then run again without PUREMVVM_RECORD",
                    file: file, line: line)
            } catch {
                XCTFail("\(context): cannot record: \(error)", file: file, line: line)
            }
            return true
        }
        XCTAssertEqual(outcome.exitStatus, transcript.exitStatus, "\(context): exit status", file: file, line: line)
        XCTAssertEqual(
            outcome.delays.map(Transcript.format), transcript.delays.map(Transcript.format), "\(context): delays",
            file: file, line: line)
        if outcome.screen != transcript.screen {
            XCTFail(
                "\(context): the screen differs\n" + difference(transcript.screen, outcome.screen), file: file,
                line: line)
        }
        return true
    }

    /// The lines of both screens from the first that differs, marked - (expected) and + (actual).
    static func difference(_ expected: String, _ actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        let first =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        var text = "first difference at screen line \(first + 1):\n"
        text += old[first...].map { "- " + $0 }.joined(separator: "\n") + "\n"
        text += new[first...].map { "+ " + $0 }.joined(separator: "\n")
        return text
    }
}

extension ScriptedTerminal.Event {
    fileprivate var isRead: Bool {
        if case .read = self { return true }
        return false
    }
}
