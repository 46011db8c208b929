import ConsoleView
import LoginFeature
import PureMVVMTesting
import TestSupport
import XCTest

@testable import login

/// The home screen's console view, with a profile source the test answers by hand: what it prints in each
/// state, and that it reads no command while the profile loads.
@MainActor
final class HomeConsoleViewTests: GuardedTestCase {
    /// A profile source whose lookups wait until the test answers them.
    private final class FakeProfileSource: ProfileSource {
        let calls = PendingCalls<String, ProfileRecord?, ProfileSourceError>(whenCancelled: .cancelled)
        func profile(for username: String) async throws(ProfileSourceError) -> ProfileRecord? {
            try await calls.wait(for: username)
        }
    }

    private let local = FakeProfileSource()
    private let remote = FakeProfileSource()

    private func makeView(_ terminal: ScriptedTerminal, language: HomeLanguage = .english) -> HomeConsoleView {
        let service = LayeredProfileService(local: local, remote: remote)
        let viewModel = HomeViewModel(user: User(name: "dimsky"), service: service, language: language)
        return HomeConsoleView(viewModel: viewModel, output: terminal, style: .plain, language: language)
    }

    func testNoCommandIsReadWhileTheProfileLoads() async throws {
        let terminal = ScriptedTerminal(typing: [.line("quit")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }

        _ = try await local.calls.next()
        XCTAssertEqual(terminal.events, [.output("\nHello, dimsky\nLoading profile…\n")], "no prompt yet")
        local.calls.respond(with: ProfileRecord(balance: "12.50", redPacket: "1"))
        let end = try await run.value(awaiting: "the home screen's session to end")

        XCTAssertEqual(end, .quit)
        XCTAssertEqual(
            terminal.output,
            """

            Hello, dimsky
            Loading profile…
              Balance: 12.50 yuan
              Red packets: 1
              1. My orders
              2. Settings
              3. Help
            Type 1-3 to open a menu item, logout to sign out, or quit.
            Home: 
            """)
    }

    /// A source that never suspends keeps the main actor busy, so no timeout can fire in it: the view checks for
    /// cancellation before each command, and a cancelled run ends at once.
    func testACancelledRunEndsBeforeTheNextCommandThoughItsSourceNeverSuspends() async throws {
        let view = makeView(ScriptedTerminal(typing: []))
        let source = EndlessLines(.line(""))  // an empty command: nothing happens, and the next is read
        let answer = Task {
            _ = try await local.calls.next()
            local.calls.respond(with: ProfileRecord(balance: "1", redPacket: "1"))
        }
        let end = try await source.endOfCancelledRun { await view.run(reading: source) }
        try await answer.value(awaiting: "the profile's lookup to be answered")
        XCTAssertEqual(end, .endOfInput)
    }

    func testNoTerminalEndsTheRunSayingWhy() async throws {
        let terminal = ScriptedTerminal(typing: [])
        let view = makeView(terminal)
        let source = EndlessLines(.rejected(.noTerminal))
        let run = Task { await view.run(reading: source) }
        _ = try await local.calls.next()
        local.calls.respond(with: ProfileRecord(balance: "1", redPacket: "1"))
        let end = try await run.value(awaiting: "the home screen's session to end", timeout: .seconds(1))
        XCTAssertEqual(end, .endOfInput)
        XCTAssertEqual(source.reads, 1, "it ended at the refusal, not when its source cancelled it")
        XCTAssertTrue(terminal.output.hasSuffix("! \(LineRejection.noTerminal)\n"), terminal.output)
    }

    func testTheEmptyStateShowsUnknownValues() async throws {
        let terminal = ScriptedTerminal(typing: [])
        let view = makeView(terminal, language: .chinese)
        let run = Task { await view.run(reading: terminal) }
        _ = try await local.calls.next()
        local.calls.respond(with: nil)
        _ = try await remote.calls.next()
        remote.calls.respond(with: nil)
        let end = try await run.value(awaiting: "the home screen's session to end")

        XCTAssertEqual(end, .endOfInput)
        XCTAssertTrue(terminal.output.contains("dimsky 还没有资料。\n  余额：—\n  红包：—\n  1. 我的订单\n"), terminal.output)
    }

    func testTheViewSanitisesWhatItPrintsAndRefusesBadLines() async throws {
        let terminal = ScriptedTerminal(typing: [.bytes([0xFF]), .line("\u{1B}[2J")])
        let view = makeView(terminal)
        let run = Task { await view.run(reading: terminal) }
        _ = try await local.calls.next()
        local.calls.fail(with: .corrupt(file: "p\u{1B}[31m.json", reason: .notJSON))
        _ = try await remote.calls.next()
        remote.calls.respond(with: ProfileRecord(balance: "100", redPacket: "3"))
        _ = try await run.value(awaiting: "the home screen's session to end")

        XCTAssertFalse(terminal.output.contains("\u{1B}"), terminal.output)
        XCTAssertTrue(terminal.output.contains("(p^[[31m.json is not a valid profile file: not JSON)"), terminal.output)
        XCTAssertTrue(terminal.output.contains("! The line is not valid UTF-8 text; nothing of it was used.\n"))
        XCTAssertTrue(terminal.output.contains("! Unknown command \"^[[2J\". Type help for the commands.\n"))
    }

    func testLoggingOutEndsTheScreenAndNothingOutlivesIt() async throws {
        let terminal = ScriptedTerminal(typing: [.line("logout")])
        weak var weakViewModel: HomeViewModel?
        weak var weakView: HomeConsoleView?
        do {
            let viewModel = HomeViewModel(
                user: User(name: "dimsky"), service: LayeredProfileService(local: local, remote: remote),
                language: .english)
            let view = HomeConsoleView(viewModel: viewModel, output: terminal, style: .plain, language: .english)
            weakViewModel = viewModel
            weakView = view
            let run = Task { await view.run(reading: terminal) }
            _ = try await local.calls.next()
            local.calls.respond(with: ProfileRecord(balance: "100", redPacket: "3"))
            let end = try await run.value(awaiting: "the home screen's session to end")
            XCTAssertEqual(end, .loggedOut)
        }
        XCTAssertEqual(terminal.events.last, .output("Signed out.\n"))
        XCTAssertNil(weakView)
        XCTAssertNil(weakViewModel, "the view owned its ViewModel; the ViewModel held the view weakly")
    }
}
