import ConsoleView
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// An alert with buttons at the console: the buttons numbered, a prompt before any field, and the chosen button's
/// answer handed to the ViewModel's input.
@MainActor
final class AlertChoiceTests: GuardedTestCase {
    private enum Answer: Hashable, Sendable { case retry, discard }

    private var screens: [TestScreen] = []

    private func run(
        _ script: [ScriptedTerminal.Keystrokes], words: ConsoleWords = .english,
        buttons: [AlertContent<Answer>.Button]
    ) async throws -> (terminal: ScriptedTerminal, answers: [Answer]) {
        let terminal = ScriptedTerminal(typing: script)
        let form = ConsoleForm<TestField>(actionTitle: "Go", output: terminal, style: .plain, words: words)
        let screen = TestScreen()
        form.delegate = screen
        screens.append(screen)
        var answers: [Answer] = []
        form.showAlert(
            AlertContent(title: "Not saved", message: "The server did not answer.", buttons: buttons)
        ) { answers.append($0) }
        _ = try await withTimeLimit("the form's session to end") { await form.run(reading: terminal) }
        return (terminal, answers)
    }

    private let buttons: [AlertContent<Answer>.Button] = [
        .cancel("Cancel"), AlertContent.Button("Try again", action: .retry),
        .destructive("Discard", action: .discard),
    ]

    func testTheButtonsAreAChoiceAskedBeforeAnyFieldAndTheAnswerGoesToTheInput() async throws {
        let (terminal, answers) = try await run([.line("2"), .line("alice")], buttons: buttons)
        XCTAssertEqual(answers, [.retry])
        XCTAssertEqual(
            terminal.screen,
            """
            ! Not saved: The server did not answer.
              1. Cancel
              2. Try again
              3. Discard
            Choose 1-3: 2
            Name: alice
              ✓ Name "alice"
            Secret: ^D

            """)
    }

    func testAButtonIsChosenByItsNameInAnyCaseAndALineThatNamesNoneIsAskedAgain() async throws {
        let (terminal, answers) = try await run([.line("4"), .line("maybe"), .line("  DISCARD ")], buttons: buttons)
        XCTAssertEqual(answers, [.discard])
        XCTAssertTrue(
            terminal.screen.contains(
                """
                Choose 1-3: 4
                ! Type a number from 1 to 3, or a button's name.
                Choose 1-3: maybe
                ! Type a number from 1 to 3, or a button's name.
                Choose 1-3:   DISCARD 
                Name: ^D
                """), terminal.screen)
    }

    func testACancelButtonWithoutAnAnswerOnlyDismissesTheAlert() async throws {
        let (terminal, answers) = try await run([.line("cancel"), .line("alice")], buttons: buttons)
        XCTAssertEqual(answers, [])
        XCTAssertTrue(terminal.screen.contains("Choose 1-3: cancel\nName: alice\n"), terminal.screen)
    }

    func testAnAlertWithoutButtonsAsksNothing() async throws {
        let (terminal, answers) = try await run([.line("alice")], buttons: [])
        XCTAssertEqual(answers, [])
        XCTAssertTrue(terminal.screen.hasPrefix("! Not saved: The server did not answer.\nName: alice\n"))
    }

    func testTheChoiceIsInTheFormsLanguageAndTheButtonsAreSanitised() async throws {
        let (terminal, answers) = try await run(
            [.line("九"), .line("1")], words: .chinese,
            buttons: [AlertContent.Button("Retry\u{1B}[31m", action: .retry)])
        XCTAssertEqual(answers, [.retry])
        XCTAssertTrue(terminal.screen.contains("  1. Retry^[[31m\n请选择 1-1：九\n! 请输入 1 到 1 之间的数字，或按钮的名称。\n"))
    }

    func testTheEndOfTheInputAtTheChoiceEndsTheForm() async throws {
        let (terminal, answers) = try await run([], buttons: buttons)
        XCTAssertEqual(answers, [])
        XCTAssertTrue(terminal.screen.hasSuffix("Choose 1-3: ^D\n"), terminal.screen)
    }
}
