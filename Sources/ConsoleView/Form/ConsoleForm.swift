public import PureMVVM

/// A line-mode form view: it asks for each field at a prompt, like login(1), and prints a status line only when
/// something it shows changes.
///
/// The form is a passive view. Its delegate hears what the user typed (``ConsoleFormDelegate``) and tells the
/// form what to show through its setters: a field's `BorderState` (shown as ✓, ✗ with the messages, or ·),
/// whether the action is enabled, a busy line such as "Signing in…", alerts and messages. Setting a value the
/// screen already shows prints nothing, so any code behind the form, one that redraws everything or one that
/// redraws only what a `ChangeSet` names, produces the same transcript.
///
/// ```
/// Username: dim
///   ✗ Username "dim": Must be at least 6 characters.
/// Username: dimsky
///   ✓ Username "dimsky"
/// Password:
///   ✓ Password
///   → Sign in: enabled
/// Signing in…
/// ```
///
/// The order of prompts: after a field's text is entered, an invalid field is asked again, a valid one moves on
/// to the next; after the last field, the first field not yet entered or invalid is asked, or, when all are done
/// and the action is enabled, the form submits, waits while it is busy, and starts again at the first field
/// unless it was closed. A secure field's text is read hidden, handed to the delegate and never kept or shown.
/// Typing `:help` lists the commands (`:back`, `:next`, `:quit`).
@MainActor
public final class ConsoleForm<Field: ConsoleFormField> {
    /// Receives the user's input; held weakly.
    public weak var delegate: (any ConsoleFormDelegate<Field>)?
    /// The action's name, such as "Sign in".
    public let actionTitle: String
    /// How text is coloured.
    public let style: ConsoleStyle

    /// Whether the action can run.
    public private(set) var isActionEnabled = false
    /// The busy line, such as "Signing in…"; `nil` when idle.
    public private(set) var busyMessage: String?
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false

    private let output: any ConsoleOutput
    private var borders: [Field: BorderState] = [:]
    private var values: [Field: String] = [:]
    private var shownFields: [Field: FieldLine] = [:]
    private var shownActionEnabled = false
    private var shownBusyMessage: String?
    private var batchDepth = 0
    private var pendingText = ""
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a form with every field untouched, the action disabled and nothing busy; it prints nothing yet.
    ///
    /// - Parameters:
    ///   - actionTitle: The action's name, such as "Sign in".
    ///   - output: Where the form writes.
    ///   - style: Whether to colour; plain by default.
    public init(actionTitle: String, output: any ConsoleOutput, style: ConsoleStyle = .plain) {
        precondition(!Field.allCases.isEmpty, "a ConsoleForm needs at least one field")
        self.actionTitle = actionTitle
        self.output = output
        self.style = style
    }

    // MARK: What the form shows

    /// A field's border as the form shows it.
    ///
    /// - Parameter field: The field.
    /// - Returns: Its border; `BorderState.neutral` until set.
    public func border(of field: Field) -> BorderState {
        borders[field] ?? .neutral
    }

    /// Shows a field's border: ✓ when valid, ✗ and the messages when invalid, · when neutral.
    ///
    /// - Parameters:
    ///   - border: The border.
    ///   - field: The field.
    public func setBorder(_ border: BorderState, of field: Field) {
        borders[field] = border
        renderUnlessBatching()
    }

    /// Shows whether the action can run.
    ///
    /// - Parameter isEnabled: Whether the action is enabled.
    public func setActionEnabled(_ isEnabled: Bool) {
        isActionEnabled = isEnabled
        renderUnlessBatching()
    }

    /// Shows or hides the busy line. While busy the action's line is not shown, and a submitted form waits.
    ///
    /// - Parameter message: The busy line, such as "Signing in…"; `nil` when the work is done.
    public func setBusy(_ message: String?) {
        busyMessage = message
        renderUnlessBatching()
    }

    /// Makes several changes and prints their lines once, in a fixed order (fields in order, then the action or
    /// busy line, then alerts and messages), whatever order the changes were made in.
    ///
    /// - Parameter changes: Calls to the form's setters.
    public func update(_ changes: () -> Void) {
        batchDepth += 1
        changes()
        batchDepth -= 1
        renderUnlessBatching()
    }

    /// Shows an alert as a line: `! Title: message`.
    ///
    /// - Parameter alert: The alert; its text is sanitised.
    public func showAlert(_ alert: Alert) {
        let title = style.paint("! " + ConsoleText.sanitized(alert.title), .failure)
        appendLine(title + ": " + ConsoleText.sanitized(alert.message))
    }

    /// Shows a line of text, such as a welcome.
    ///
    /// - Parameters:
    ///   - text: The text; it is sanitised.
    ///   - tone: How to colour it; none by default.
    public func showMessage(_ text: String, tone: ConsoleStyle.Tone? = nil) {
        let text = ConsoleText.sanitized(text)
        appendLine(tone.map { style.paint(text, $0) } ?? text)
    }

    /// Ends ``run(reading:)`` once the current event is handled; the form can still show alerts and messages.
    public func close() {
        isClosed = true
        resumeIdleWaiters()
    }

    // MARK: Input

    /// Asks for the fields until the form is closed, the user quits or the input ends.
    ///
    /// - Parameter source: Where lines come from.
    /// - Returns: Why the form stopped asking.
    public func run(reading source: any LineSource) async -> ConsoleFormEnd {
        let fields = Array(Field.allCases)
        var index = 0
        var entered: Set<Field> = []
        reading: while !isClosed {
            let field = fields[index]
            let input = await source.readLine(prompt: ConsoleText.sanitized(field.label) + ": ", hidden: field.isSecure)
            if isClosed { break reading }
            let typed: String
            switch input {
            case .endOfInput:
                return .endOfInput
            case .rejected(let rejection):
                appendLine(style.paint("! " + rejection.description, .failure))
                if rejection == .noTerminal { return .endOfInput }
                continue
            case .line(let line):
                typed = line
            }
            switch FormCommand.parse(typed) {
            case .command(.help):
                output.write(FormCommand.help(actionTitle: ConsoleText.sanitized(actionTitle)))
                continue
            case .command(.quit):
                return .quit
            case .command(.back):
                index = max(0, index - 1)
                continue
            case .command(.next):
                break
            case .command(.unknown(let command)):
                appendLine(
                    style.paint("! Unknown command \"\(ConsoleText.sanitized(command))\".", .failure)
                        + " Type :help for the list.")
                continue
            case .text(let text):
                enter(text, in: field)
                entered.insert(field)
                if isClosed { break reading }
                if border(of: field).isInvalid { continue }
            }
            if index + 1 < fields.count {
                index += 1
                continue
            }
            // After the last field: ask what is missing, or submit.
            if let missing = fields.firstIndex(where: { !entered.contains($0) || border(of: $0).isInvalid }) {
                index = missing
                continue
            }
            entered.removeAll()
            index = 0
            if isActionEnabled {
                await submit()
            } else {
                appendLine(style.paint("! \(ConsoleText.sanitized(actionTitle)) is not enabled.", .failure))
            }
        }
        return .closed
    }

    // MARK: Private

    /// What a field's status line shows.
    private struct FieldLine: Equatable {
        var border: BorderState
        var value: String?
    }

    private func enter(_ text: String, in field: Field) {
        update {
            if !field.isSecure { values[field] = text }
            delegate?.form(self, didEnter: text, in: field)
        }
    }

    private func submit() async {
        delegate?.formDidSubmit(self)
        guard busyMessage != nil, !isClosed else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func appendLine(_ line: String) {
        pendingText += line + "\n"
        renderUnlessBatching()
    }

    private func renderUnlessBatching() {
        guard batchDepth == 0 else { return }
        var text = ""
        for field in Field.allCases {
            let line = FieldLine(border: border(of: field), value: field.isSecure ? nil : values[field])
            guard line != shownFields[field] ?? FieldLine(border: .neutral, value: nil) else { continue }
            shownFields[field] = line
            text += fieldLine(field, line)
        }
        if busyMessage != shownBusyMessage {
            shownBusyMessage = busyMessage
            if let busyMessage { text += style.paint(ConsoleText.sanitized(busyMessage), .quiet) + "\n" }
        }
        if busyMessage == nil, isActionEnabled != shownActionEnabled {
            shownActionEnabled = isActionEnabled
            let state = isActionEnabled ? style.paint("enabled", .success) : style.paint("disabled", .quiet)
            text += "  → \(ConsoleText.sanitized(actionTitle)): \(state)\n"
        }
        text += pendingText
        pendingText = ""
        if !text.isEmpty { output.write(text) }
        if busyMessage == nil { resumeIdleWaiters() }
    }

    private func fieldLine(_ field: Field, _ line: FieldLine) -> String {
        var text = "  "
        switch line.border {
        case .valid: text += style.paint("✓", .success)
        case .invalid: text += style.paint("✗", .failure)
        case .neutral: text += style.paint("·", .quiet)
        }
        text += " " + ConsoleText.sanitized(field.label)
        if let value = line.value { text += " \"" + ConsoleText.sanitized(value) + "\"" }
        let messages = line.border.messages
        if !messages.isEmpty { text += ": " + messages.map(ConsoleText.sanitized).joined(separator: " ") }
        return text + "\n"
    }

    private func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
