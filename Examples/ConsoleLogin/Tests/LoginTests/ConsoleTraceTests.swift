import ConsoleView
import Gallery
import LoginFeature
import TestSupport
import XCTest

@testable import login

/// How `--trace` prints a message: one line each, roles padded to the screen's longest, sanitised, dim only in
/// colour.
@MainActor
final class ConsoleTraceTests: GuardedTestCase {
    func testLinesLineUpUnderTheScreensHeader() async {
        let terminal = ScriptedTerminal(typing: [])
        let trace = ConsoleTrace(output: terminal, style: .plain, language: .english)

        trace.screenDidStart(.mvp, roles: [.view, .presenter])
        trace.record(LoginMessage(.call, from: .view, to: .presenter, "usernameDidEnter(\"dim\")"))
        trace.record(LoginMessage(.reply, from: .presenter, to: .view, "return"))

        XCTAssertEqual(
            terminal.output,
            """
              ┊ MVP: View, Presenter
              ┊ View      → Presenter  usernameDidEnter("dim")
              ┊ Presenter ⇢ View       return

            """)
    }

    func testUserTextIsSanitisedAndTheLineIsDimOnlyInColour() async {
        let plain = ScriptedTerminal(typing: [])
        let coloured = ScriptedTerminal(typing: [])
        let message = LoginMessage(.call, from: .view, to: .viewModel, "usernameDidChange(\"\u{1B}[31mred\u{202E}\")")

        ConsoleTrace(output: plain, style: .plain, language: .english).record(message)
        ConsoleTrace(output: coloured, style: ConsoleStyle(usesColor: true), language: .english).record(message)

        XCTAssertEqual(plain.output, "  ┊ View → ViewModel  usernameDidChange(\"^[[31mred\\u{202E}\")\n")
        XCTAssertEqual(coloured.output, "\u{1B}[2m" + plain.output.dropLast() + "\u{1B}[0m\n")
    }
}
