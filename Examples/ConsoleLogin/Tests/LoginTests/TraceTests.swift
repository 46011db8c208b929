import Foundation
import Gallery
import TestSupport
import XCTest

@testable import login

/// `login --trace`: the same scripted session traced in each of the seven patterns (Fixtures/traces, one file per
/// pattern, format in its README.md), the session with every transcript traced, and the password kept out.
@MainActor
final class TraceTests: GuardedTestCase {
    /// Each pattern's trace of the session, through the whole program in memory, compared byte for byte;
    /// `PUREMVVM_RECORD=1` rewrites each file from its own pattern.
    func testEveryPatternTracesTheSameSession() async throws {
        let traces = try TranscriptRunner.all(in: "traces", withExtension: "trace")
        XCTAssertEqual(
            traces.map(\.name).sorted(), LoginPattern.allCases.map { $0.rawValue + ".trace" }.sorted(),
            "one trace per pattern, named after its --pattern value")
        let session = try TranscriptMarkup.reads(in: try XCTUnwrap(traces.first).screen)
        for trace in traces {
            XCTAssertEqual(try TranscriptMarkup.reads(in: trace.screen), session, "\(trace.name): the same typing")
            XCTAssertEqual(trace.arguments, ["--trace", "--language", "en"], "\(trace.name): the same arguments")
            let name = trace.file.deletingPathExtension().lastPathComponent
            let pattern = try XCTUnwrap(LoginPattern(rawValue: name), "\(trace.name) names no pattern")
            guard await TranscriptRunner.check(trace, pattern: pattern, records: true) else {
                return XCTFail("Stopped after a run that did not end.")
            }
            // Every role of the pattern sends or receives something in this session: none is silent.
            let lines = trace.screen.split(separator: "\n").filter { $0.hasPrefix(ConsoleTrace.prefix) }
            for role in pattern.tracedRoles {
                XCTAssertTrue(
                    lines.dropFirst().contains { $0.contains(" \(role.name) ") }, "\(trace.name): no message of \(role)"
                )
            }
        }
    }

    /// Tracing adds lines and changes nothing else: every transcript, each traced with one pattern in turn (all
    /// seven take a share), shows the transcript's screen once the trace lines are taken out, with its exit
    /// status and delays. The home screen's own transcripts are left out (the login screen is gone, with its
    /// proxies, before the home screen shows), but not those that log out to a second, traced, login screen.
    func testTracingAddsLinesAndChangesNothingElse() async throws {
        let transcripts = try TranscriptRunner.all().filter {
            !$0.name.hasPrefix("home-") || $0.screen.contains("⟨logout⟩")
        }
        let patterns = LoginPattern.allCases
        for (index, transcript) in transcripts.enumerated() {
            let pattern = patterns[index % patterns.count]
            let context = "\(transcript.name) traced with \(pattern.rawValue)"
            let outcome = try await TranscriptRunner.run(transcript, pattern: pattern, adding: ["--trace"])
            let lines = outcome.screen.split(separator: "\n", omittingEmptySubsequences: false)
            let screen = lines.filter { !$0.hasPrefix(ConsoleTrace.prefix) }.joined(separator: "\n")
            if screen != transcript.screen {
                XCTFail("\(context): the screen differs\n" + TranscriptRunner.difference(transcript.screen, screen))
            }
            XCTAssertEqual(outcome.exitStatus, transcript.exitStatus, context)
            XCTAssertEqual(outcome.delays, transcript.delays, context)
            if transcript.screen.contains("Username: ") {  // a login screen opened: its trace starts
                XCTAssertTrue(
                    lines.contains(
                        "\(ConsoleTrace.prefix)\(pattern.title): "
                            + pattern.tracedRoles.map(\.name).joined(separator: ", ")), "\(context): no trace")
            }
        }
    }

    /// A script's password (standard input) never appears in the trace, in any pattern, whether it is right or
    /// wrong (the patterns take turns: the stored traces type both in every pattern); the trace shows "•••"
    /// where it went.
    func testThePasswordOfAScriptNeverAppears() async throws {
        for (index, pattern) in LoginPattern.allCases.enumerated() {
            let password = index.isMultiple(of: 2) ? "wrong-password" : "balabala"
            let harness = ProgramHarness()
            harness.standardInput = Array((password + "\n").utf8)
            let status = try await harness.run([
                "--pattern", pattern.rawValue, "--trace", "--username", "dimsky", "--password-stdin",
            ])
            let context = "\(pattern.rawValue) with \(password)"
            XCTAssertEqual(status, password == "balabala" ? .success : .notSignedIn, context)
            XCTAssertFalse(harness.output.contains(password), "\(context): the password was printed")
            XCTAssertFalse(harness.errorOutput.contains(password), "\(context): the password was printed")
            XCTAssertTrue(harness.output.contains("\"•••\""), "\(context): the trace shows the masked password")
        }
    }

    /// With `--pam` the system's authenticator is traced as any other: what its service said while signing in
    /// (here with an escape sequence) is sanitised in the trace as on the screen, and the password is masked.
    func testWithPAMTheServicesWordsAreSanitisedInTheTrace() async throws {
        let harness = ProgramHarness()
        harness.pam = FakeSystemAccounts()
        harness.standardInput = Array("builder\n".utf8)

        let status = try await harness.run([
            "--pam", "--trace", "--pattern", "mvp", "--username", "bob", "--password-stdin",
        ])

        XCTAssertEqual(status, .success)
        let reply = harness.output.split(separator: "\n").filter { $0.hasPrefix("  ┊ Authenticator ⇢ Service ") }
        XCTAssertEqual(reply.count, 1, harness.output)
        XCTAssertTrue(
            reply.first?.hasSuffix(
                #"  return User(name: "bob", messages: [.info("Last login: ^[[2Jyesterday"), "#
                    + #".error("Your password will expire in 3 days.")])"#) ?? false, "\(reply)")
        XCTAssertFalse(harness.output.contains("\u{1B}"), "no escape sequence reaches the output")
        XCTAssertFalse(harness.output.contains("builder"), "the password is masked")
    }
}
