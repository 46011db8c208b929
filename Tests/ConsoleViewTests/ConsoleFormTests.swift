import ConsoleView
import PureMVVM
import PureMVVMTesting
import TestSupport
import XCTest

/// The console form: what it prints (only changes, in a fixed order), the order it asks in, the commands, and
/// what it never shows.
@MainActor
final class ConsoleFormTests: GuardedTestCase {
    /// Keeps each form's delegate alive for the whole test: a form holds its delegate weakly.
    private var screens: [TestScreen] = []

    private func makeForm(
        _ script: [ScriptedTerminal.Keystrokes], style: ConsoleStyle = .plain
    ) -> (ConsoleForm<TestField>, ScriptedTerminal, TestScreen) {
        let terminal = ScriptedTerminal(typing: script)
        let form = ConsoleForm<TestField>(actionTitle: "Go", output: terminal, style: style)
        let screen = TestScreen()
        form.delegate = screen
        screens.append(screen)
        return (form, terminal, screen)
    }

    // MARK: Printing only what changed

    func testSettingWhatIsAlreadyShownPrintsNothing() async throws {
        let (form, terminal, _) = makeForm([])

        form.setBorder(.neutral, of: .name)
        form.setActionEnabled(false)
        form.setBusy(nil)
        XCTAssertEqual(terminal.output, "", "the initial state is not printed")

        form.setBorder(.invalid(["Too short."]), of: .name)
        form.setBorder(.invalid(["Too short."]), of: .name)
        form.setBorder(.valid, of: .secret)
        form.setBorder(.valid, of: .secret)
        form.setActionEnabled(true)
        form.setActionEnabled(true)

        XCTAssertEqual(terminal.output, "  ✗ Name: Too short.\n  ✓ Secret\n  → Go: enabled\n")
    }

    func testABatchPrintsOnceInAFixedOrderWhateverTheOrderOfChanges() async throws {
        let (first, firstTerminal, _) = makeForm([])
        let (second, secondTerminal, _) = makeForm([])

        first.update {
            first.showAlert(AlertContent(title: "Note", message: "Saved."))
            first.setActionEnabled(true)
            first.setBorder(.valid, of: .secret)
            first.setBorder(.valid, of: .name)
        }
        second.update {
            second.setBorder(.valid, of: .name)
            second.setBorder(.invalid(["Too short."]), of: .secret)  // changed back within the batch
            second.setBorder(.valid, of: .secret)
            second.setActionEnabled(true)
            second.showAlert(AlertContent(title: "Note", message: "Saved."))
        }

        let expected = "  ✓ Name\n  ✓ Secret\n  → Go: enabled\n! Note: Saved.\n"
        XCTAssertEqual(firstTerminal.output, expected)
        XCTAssertEqual(secondTerminal.output, expected)
    }

    func testTheActionLineHidesWhileBusyAndShowsOnlyIfItChanged() async throws {
        let (form, terminal, _) = makeForm([])
        form.setActionEnabled(true)
        form.update {
            form.setActionEnabled(false)
            form.setBusy("Working…")
        }
        form.update {
            form.setBusy(nil)
            form.setActionEnabled(true)  // as before the busy line: nothing new to show
        }
        form.update {
            form.setBusy("Working…")
            form.setActionEnabled(false)
        }
        form.setBusy(nil)  // now disabled, which differs from the last shown "enabled"

        XCTAssertEqual(
            terminal.output, "  → Go: enabled\nWorking…\nWorking…\n  → Go: disabled\n")
    }

    func testUserTextIsSanitisedEverywhereItIsShown() async throws {
        let (form, terminal, _) = makeForm([.line("\u{1B}[31mred")])
        form.setBorder(.invalid(["Bad \u{1B}[2J."]), of: .secret)
        form.showAlert(AlertContent(title: "T\u{7}", message: "M\u{9B}"))
        form.showMessage("Hi \u{202E}x")
        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertFalse(terminal.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        XCTAssertTrue(terminal.output.contains("  ✗ Secret: Bad ^[[2J.\n"))
        XCTAssertTrue(terminal.output.contains("! T^G: M\\u{9B}\n"))
        XCTAssertTrue(terminal.output.contains("Hi \\u{202E}x\n"))
        XCTAssertTrue(terminal.output.contains("  ✓ Name \"^[[31mred\"\n"), terminal.output)
    }

    func testColourIsUsedOnlyWithAColouredStyle() async throws {
        let (form, terminal, _) = makeForm([], style: ConsoleStyle(usesColor: true))
        form.setBorder(.valid, of: .name)
        form.setBorder(.invalid(["No."]), of: .secret)
        XCTAssertEqual(terminal.output, "  \u{1B}[32m✓\u{1B}[0m Name\n  \u{1B}[31m✗\u{1B}[0m Secret: No.\n")
    }

    // MARK: Asking

    func testItAsksInOrderReasksAnInvalidFieldAndSubmitsWhenAllAreValid() async throws {
        let (form, terminal, screen) = makeForm([.line("al"), .line("alice"), .line("pw"), .line("s3cret")])
        screen.onSubmit = { $0.close() }

        let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .closed)
        XCTAssertEqual(screen.entered, [.name, .name, .secret, .secret])
        XCTAssertEqual(screen.submitCount, 1)
        XCTAssertEqual(
            terminal.screen,
            """
            Name: al
              ✗ Name "al": Needs 3 characters.
            Name: alice
              ✓ Name "alice"
            Secret: 
              ✗ Secret: Needs 3 characters.
            Secret: 
              ✓ Secret
              → Go: enabled

            """)
    }

    func testASecretIsNeverShownOrKept() async throws {
        let (form, terminal, _) = makeForm([.line("alice"), .line("hunter22"), .line("alice"), .line("p4ssw0rd-2")])

        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(screens.first?.entered, [.name, .secret, .name, .secret])
        XCTAssertFalse(terminal.output.contains("hunter22"))
        XCTAssertFalse(terminal.output.contains("p4ssw0rd"))
        XCTAssertTrue(terminal.events.contains(.read(.line("hunter22"), hidden: true)), "read hidden")
        let mirror = Mirror(reflecting: form).children.map { "\($0.value)" }.joined()
        XCTAssertFalse(mirror.contains("hunter22") || mirror.contains("p4ssw0rd"), "the form keeps no secret")
    }

    func testAfterASubmitItWaitsWhileBusyThenStartsAgainAtTheFirstField() async throws {
        let (form, terminal, screen) = makeForm([.line("alice"), .line("secret"), .line("bob")])
        screen.onSubmit = { form in
            form.setBusy("Working…")
            Task { @MainActor in
                form.update {
                    form.setBusy(nil)
                    form.showAlert(AlertContent(title: "Failed", message: "Try again."))
                }
            }
        }

        let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .endOfInput)
        XCTAssertEqual(
            terminal.screen,
            """
            Name: alice
              ✓ Name "alice"
            Secret: 
              ✓ Secret
              → Go: enabled
            Working…
            ! Failed: Try again.
            Name: bob
              ✓ Name "bob"
            Secret: ^D

            """,
            "the alert comes before the next prompt, and the secret is asked again")
    }

    func testClosingWhileBusyEndsTheRunAndLaterAlertsStillShow() async throws {
        let (form, terminal, screen) = makeForm([.line("alice"), .line("secret"), .line("never read")])
        screen.onSubmit = { form in
            form.setBusy("Working…")
            Task { @MainActor in
                form.setBusy(nil)
                form.close()
                form.showAlert(AlertContent(title: "Locked", message: "No attempts left."))
            }
        }

        let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .closed)
        XCTAssertTrue(terminal.output.hasSuffix("Working…\n! Locked: No attempts left.\n"))
        XCTAssertFalse(terminal.events.contains(.read(.line("never read"), hidden: false)))
        XCTAssertTrue(form.isClosed)
    }

    func testAFormClosedAsItGoesBusyEndsTheRun() async throws {
        let (form, terminal, screen) = makeForm([.line("alice"), .line("secret"), .line("never read")])
        screen.onSubmit = { form in
            form.setBusy("Working…")
            form.close()
        }

        let end = try await withTimeLimit("the closed form's run to end", timeout: .seconds(1)) {
            await form.run(reading: terminal)
        }

        XCTAssertEqual(end, .closed)
        XCTAssertFalse(terminal.events.contains(.read(.line("never read"), hidden: false)))
    }

    func testAFormClosedAsAFieldIsEnteredNeitherSubmitsNorAsksAgain() async throws {
        let (form, terminal, screen) = makeForm([.line("alice"), .line("secret"), .line("never read")])
        screen.onEnter = { form, _, field in
            if field == .secret { form.close() }
        }

        let end = try await withTimeLimit("the form's session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .closed)
        XCTAssertEqual(screen.entered, [.name, .secret])
        XCTAssertEqual(screen.submitCount, 0, "closed before the action")
        XCTAssertFalse(terminal.events.contains(.read(.line("never read"), hidden: false)))
    }

    func testAFieldMadeInvalidByAnotherIsAskedAgainBeforeTheActionRuns() async throws {
        let (form, terminal, screen) = makeForm([.line("alice"), .line("clash"), .line("bob"), .line("s3cret")])
        screen.onEnter = { form, text, field in
            if field == .secret, text == "clash" { form.setBorder(.invalid(["Taken with this secret."]), of: .name) }
        }
        screen.onSubmit = { $0.close() }

        let end = try await withTimeLimit("the form's session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .closed)
        XCTAssertEqual(screen.entered, [.name, .secret, .name, .secret], "the name is asked again, then the secret")
        XCTAssertEqual(screen.submitCount, 1)
    }

    func testAValidFormWhoseActionIsDisabledSaysSoAndAsksAgain() async throws {
        let (form, terminal, screen) = makeForm([.line("alice"), .line("s3cret")])
        screen.isActionAllowed = false

        let end = try await withTimeLimit("the form's session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .endOfInput)
        XCTAssertEqual(screen.submitCount, 0)
        XCTAssertTrue(terminal.screen.hasSuffix("  ✓ Secret\n! Go is not enabled.\nName: ^D\n"), terminal.screen)
    }

    func testItStopsAtTheEndOfInputAtAnyPrompt() async throws {
        for script: [ScriptedTerminal.Keystrokes] in [[], [.line("alice")]] {
            let (form, terminal, screen) = makeForm(script)
            let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }
            XCTAssertEqual(end, .endOfInput)
            XCTAssertEqual(screen.submitCount, 0)
            XCTAssertTrue(terminal.screen.hasSuffix(": ^D\n"))
        }
    }

    // MARK: Commands and odd lines

    func testHelpBackNextAndQuit() async throws {
        let (form, terminal, screen) = makeForm([
            .line(":help"), .line("alice"), .line("secret"), .line(":back"), .line(":q"),
        ])

        let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .quit)
        XCTAssertEqual(screen.entered, [.name, .secret])
        let prompts = terminal.events.compactMap { event -> String? in
            guard case .output(let text) = event else { return nil }
            return text.components(separatedBy: "\n").last
        }
        XCTAssertEqual(prompts, ["Name: ", "Name: ", "Secret: ", "Name: ", "Name: "])
        XCTAssertEqual(screen.submitCount, 1)
        XCTAssertTrue(terminal.output.contains("  :back   go back to the previous field\n"))
        XCTAssertTrue(terminal.output.contains("To type text that starts with ':', type '::' instead."))
        XCTAssertTrue(
            terminal.output.contains(
                "At a hidden prompt (a password) every line is the password, even one that starts with ':';\n"
                    + "to leave it, press Ctrl-D (or Ctrl-C to interrupt).\n"),
            "the help says how to leave a hidden prompt")
    }

    func testBackLeavesAVisibleFieldForThePreviousOne() async throws {
        let terminal = ScriptedTerminal(typing: [.line("Main St"), .line(":back"), .line("High St"), .line(":q")])
        let form = ConsoleForm<AddressField>(actionTitle: "Save", output: terminal, style: .plain)
        let screen = AddressScreen()
        form.delegate = screen

        let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .quit)
        XCTAssertEqual(screen.entered, ["street: Main St", "street: High St"], "back from City to Street")
    }

    func testHelpEndsWithTheNoteSanitised() async throws {
        let (form, terminal, _) = makeForm([.line(":help"), .endOfInput])
        form.helpNote = "New here? Type \u{1B}[31msignup."
        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }
        XCTAssertTrue(
            terminal.output.contains("(or Ctrl-C to interrupt).\nNew here? Type ^[[31msignup.\nName: "),
            terminal.output)
    }

    func testNextOnTheLastVisibleFieldAsksForTheSecretAgain() async throws {
        let (form, terminal, screen) = makeForm([
            .line("alice"), .line("secret"), .line(":next"), .line("secret"),
        ])
        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }
        XCTAssertEqual(screen.submitCount, 1, "after a submit, the secret must be typed again before the next")
        XCTAssertEqual(screen.entered, [.name, .secret, .secret])
    }

    func testDoubleColonTypesALeadingColonAndAnUnknownCommandIsShownSafely() async throws {
        let (form, terminal, screen) = makeForm([.line(":\u{1B}[2Jnope"), .line("::colon")])
        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(screen.entered, [.name])
        XCTAssertTrue(terminal.output.contains("  ✓ Name \":colon\"\n"))
        XCTAssertTrue(terminal.output.contains("! Unknown command \":^[[2Jnope\". Type :help for the list.\n"))
    }

    /// Issue 21: a password that starts with ':' was taken as an unknown command and printed in clear.
    func testAtAHiddenPromptEveryLineIsTheSecretAsTypedAndNeverShown() async throws {
        final class Recorder: ConsoleFormDelegate {
            var secrets: [String] = []
            var commandsRun = 0
            func form(_ form: ConsoleForm<TestField>, didEnter text: String, in field: TestField) {
                if field == .secret { secrets.append(text) }
                form.setBorder(field == .secret ? .invalid(["Again."]) : .valid, of: field)
            }
            func formDidSubmit(_ form: ConsoleForm<TestField>) {}
        }
        let secrets = [":MySecretPass!", "::twice", ":help", ":quit", ":back", ":next", ":"]
        let terminal = ScriptedTerminal(typing: [.line("alice")] + secrets.map { .line($0) })
        let form = ConsoleForm<TestField>(actionTitle: "Go", output: terminal)
        let recorder = Recorder()
        form.delegate = recorder

        let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(end, .endOfInput, "not :quit")
        XCTAssertEqual(recorder.secrets, secrets, "each line reached the delegate as typed, '::' not unescaped")
        for secret in secrets.dropLast() {
            XCTAssertFalse(terminal.output.contains(secret), "\(secret) was printed:\n\(terminal.output)")
        }
        XCTAssertFalse(terminal.output.contains("Unknown command"))
        XCTAssertFalse(terminal.output.contains("Commands, at any prompt"), ":help at a hidden prompt shows no help")
    }

    func testATimedOutPromptEndsTheRun() async throws {
        for script: [ScriptedTerminal.Keystrokes] in [[.timeout], [.line("alice"), .timeout]] {
            let (form, terminal, screen) = makeForm(script)
            let end = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }
            XCTAssertEqual(end, .timedOut)
            XCTAssertEqual(screen.submitCount, 0)
            XCTAssertTrue(terminal.screen.hasSuffix(": ⏱\n"), terminal.screen)
        }
    }

    func testAnEmptyLineIsEmptyTextNeverTheLastCommandAgain() async throws {
        let (form, terminal, screen) = makeForm([.line(":help"), .line("")])
        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(screen.entered, [.name])
        XCTAssertEqual(
            terminal.output.components(separatedBy: "Commands, at any prompt but a hidden one:").count, 2, "help once")
        XCTAssertTrue(terminal.output.contains("  ✗ Name \"\": Needs 3 characters.\n"))
    }

    func testRefusedLinesAreReportedAndTheSameFieldIsAskedAgain() async throws {
        let (form, terminal, screen) = makeForm([
            .bytes(Array(repeating: UInt8(ascii: "a"), count: 2_000)), .bytes([0xC3, 0x28]), .line("alice"),
        ])
        _ = try await withTimeLimit("the form\'s session to end") { await form.run(reading: terminal) }

        XCTAssertEqual(screen.entered, [.name], "neither refused line reached the screen, not even cut short")
        XCTAssertTrue(
            terminal.output.hasPrefix(
                """
                Name: ! The line is longer than 1024 bytes; nothing of it was used.
                Name: ! The line is not valid UTF-8 text; nothing of it was used.
                Name:   ✓ Name "alice"
                """))
    }

    /// A source that never suspends keeps the main actor busy, so no timeout can fire in it: the form checks for
    /// cancellation before each line, and a cancelled run ends at once.
    func testACancelledRunEndsBeforeTheNextLineThoughItsSourceNeverSuspends() async throws {
        let (form, _, screen) = makeForm([])
        let source = EndlessLines(.line("x"))  // too short: the name is asked again and again
        let end = try await source.endOfCancelledRun { await form.run(reading: source) }
        XCTAssertEqual(end, .endOfInput)
        XCTAssertGreaterThan(screen.entered.count, 0)
    }

    func testNoTerminalForASecretEndsTheRun() async throws {
        final class NoTerminal: LineSource {
            func readLine(prompt: String, hidden: Bool) async -> LineInput {
                hidden ? .rejected(.noTerminal) : .line("alice")
            }
        }
        let (form, terminal, _) = makeForm([])
        let end = try await withTimeLimit("the form's session to end", timeout: .seconds(1)) {
            await form.run(reading: NoTerminal())
        }
        XCTAssertEqual(end, .endOfInput)
        XCTAssertTrue(terminal.output.hasSuffix("! Hidden input needs a terminal, and there is none.\n"))
    }
}

/// A form of two visible fields, so that `:back` can be typed at the second one (a hidden field takes it as text).
private enum AddressField: ConsoleFormField {
    case street
    case city

    var label: String { self == .street ? "Street" : "City" }
    var isSecure: Bool { false }
}

/// Records what was entered in which field of an ``AddressField`` form.
@MainActor
private final class AddressScreen: ConsoleFormDelegate {
    private(set) var entered: [String] = []

    func form(_ form: ConsoleForm<AddressField>, didEnter text: String, in field: AddressField) {
        entered.append("\(field): \(text)")
    }

    func formDidSubmit(_ form: ConsoleForm<AddressField>) {}
}
