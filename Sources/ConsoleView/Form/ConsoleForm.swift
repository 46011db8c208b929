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
/// Typing `:help` at a visible prompt lists the commands (`:back`, `:next`, `:quit`), then the ``helpNote``, if any;
/// at a hidden prompt every line is the secret, even one that starts with `:`, and the end of input (Ctrl-D) is
/// the way out.
///
/// The form's own words ("enabled", the help, the refusals, the `": "` after a label) come from a
/// ``ConsoleWords`` table, English by default; pass the table of the language the labels and messages are in.
@MainActor
public final class ConsoleForm<Field: ConsoleFormField> {
    /// Receives the user's input; held weakly.
    public weak var delegate: (any ConsoleFormDelegate<Field>)?
    /// The action's name, such as "Sign in".
    public let actionTitle: String
    /// How text is coloured.
    public let style: ConsoleStyle
    /// The form's own words.
    public let words: ConsoleWords

    /// Whether the action can run.
    public private(set) var isActionEnabled = false
    /// The busy line, such as "Signing in…"; `nil` when idle.
    public private(set) var busyMessage: String?
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false
    /// A line `:help` shows after the commands, such as where else the user can go; sanitised when shown.
    public var helpNote: String?

    private let output: any ConsoleOutput
    /// The fields, in order (`Field.allCases`, read once).
    private let fields: [Field]
    /// What the form knows and shows of each field, at the field's position in ``fields``: an array of a
    /// non-generic type, so a typed line looks nothing up by the generic `Field` (no dictionary of it, no metadata).
    private var states: [FieldState]
    /// The action's title, sanitised once.
    private let shownActionTitle: String
    /// The bytes of a render, kept between renders and written as they are, so a render at a terminal allocates
    /// nothing.
    private var renderBytes: [UInt8] = []
    private var shownActionEnabled = false
    private var shownBusyMessage: String?
    private var batchDepth = 0
    private var pendingText = ""
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// The buttons of the alert shown last, while the user has not chosen one: the next line answers it.
    private var pendingChoice: AlertChoice?

    /// Creates a form with every field untouched, the action disabled and nothing busy; it prints nothing yet.
    ///
    /// - Parameters:
    ///   - actionTitle: The action's name, such as "Sign in".
    ///   - output: Where the form writes.
    ///   - style: Whether to colour; plain by default.
    ///   - words: The form's own words, in the language of the labels and messages; English by default.
    ///   - label: The name shown for each field; the field's own ``ConsoleFormField/label`` by default.
    public init(
        actionTitle: String, output: any ConsoleOutput, style: ConsoleStyle = .plain, words: ConsoleWords = .english,
        label: (Field) -> String = { $0.label }
    ) {
        fields = Array(Field.allCases)
        precondition(!fields.isEmpty, "a ConsoleForm needs at least one field")
        states = fields.map { field in
            FieldState(label: ConsoleText.sanitized(label(field)), separator: words.separator, isSecure: field.isSecure)
        }
        self.actionTitle = actionTitle
        shownActionTitle = ConsoleText.sanitized(actionTitle)
        self.output = output
        self.style = style
        self.words = words
    }

    // MARK: What the form shows

    /// A field's border as the form shows it.
    ///
    /// - Parameter field: The field.
    /// - Returns: Its border; `BorderState.neutral` until set.
    public func border(of field: Field) -> BorderState {
        states[position(of: field)].border
    }

    /// Shows a field's border: ✓ when valid, ✗ and the messages when invalid, · when neutral.
    ///
    /// - Parameters:
    ///   - border: The border.
    ///   - field: The field.
    public func setBorder(_ border: BorderState, of field: Field) {
        states[position(of: field)].border = border
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
    public func showAlert(_ alert: AlertContent<Never>) {
        let title = style.paint("! " + ConsoleText.sanitized(alert.title), .failure)
        appendLine(title + words.separator + ConsoleText.sanitized(alert.message))
    }

    /// Shows an alert with buttons as a choice: `! Title: message`, a numbered line per button, and then, before
    /// any field, the prompt `Choose 1-2: `, which takes a button's number or its name (in any case). The answer of
    /// the chosen button goes to `answer`; a button without one (a cancel button) only dismisses the alert. An
    /// alert without buttons is shown as ``showAlert(_:)`` shows it, and asks nothing.
    ///
    /// - Parameters:
    ///   - alert: The alert; its text is sanitised.
    ///   - answer: Called with the chosen button's action: the ViewModel's input, such as
    ///     `viewModel.alertButtonDidTap(_:)`.
    public func showAlert<Action>(_ alert: AlertContent<Action>, answer: @escaping @MainActor (Action) -> Void) {
        showAlert(AlertContent<Never>(title: alert.title, message: alert.message))
        guard !alert.buttons.isEmpty else { return }
        for (number, button) in zip(1..., alert.buttons) {
            appendLine("  \(number). " + ConsoleText.sanitized(button.title))
        }
        pendingChoice = AlertChoice(titles: alert.buttons.map(\.title)) { index in
            if let action = alert.buttons[index].action { answer(action) }
        }
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

    /// Asks for the fields until the form is closed, the user quits, the input ends or a prompt times out.
    ///
    /// It also stops, as at the end of the input, when the task running it is cancelled: it checks before each
    /// line, so a source that never suspends cannot keep it going.
    ///
    /// - Parameter source: Where lines come from.
    /// - Returns: Why the form stopped asking.
    public func run(reading source: any LineSource) async -> ConsoleFormEnd {
        var index = 0
        var entered = [Bool](repeating: false, count: fields.count)
        reading: while !isClosed {
            if Task.isCancelled { return .endOfInput }
            if let choice = pendingChoice {
                switch await source.readLine(prompt: words.choicePrompt(choice.titles.count), hidden: false) {
                case .endOfInput: return .endOfInput
                case .timedOut: return .timedOut
                case .rejected(let rejection):
                    appendLine(style.paint("! " + words.sentence(for: rejection), .failure))
                    if rejection == .noTerminal { return .endOfInput }
                case .line(let line):
                    if let chosen = choice.index(answering: line) {
                        pendingChoice = nil
                        choice.answer(chosen)
                    } else {
                        appendLine(style.paint("! " + words.choiceRefused(choice.titles.count), .failure))
                    }
                }
                continue
            }
            let input = await source.readLine(prompt: states[index].prompt, hidden: states[index].isSecure)
            if isClosed { break reading }
            let typed: String
            switch input {
            case .endOfInput:
                return .endOfInput
            case .timedOut:
                return .timedOut
            case .rejected(let rejection):
                appendLine(style.paint("! " + words.sentence(for: rejection), .failure))
                if rejection == .noTerminal { return .endOfInput }
                continue
            case .line(let line):
                typed = line
            }
            // At a hidden prompt every line is the secret, whatever it starts with: nothing typed there is read
            // as a command, so it is never printed back (as an unknown command) nor changed (`::` is kept).
            let parsed = states[index].isSecure ? FormCommand.Parsed.text(typed) : FormCommand.parse(typed)
            switch parsed {
            case .command(.help):
                output.write(words.help(shownActionTitle))
                if let helpNote { output.write(ConsoleText.sanitized(helpNote) + "\n") }
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
                    style.paint("! " + words.unknownCommand(ConsoleText.sanitized(command)), .failure)
                        + words.sentenceSeparator + words.unknownCommandHint)
                continue
            case .text(let text):
                enter(text, at: index)
                entered[index] = true
                if isClosed { break reading }
                if states[index].border.isInvalid { continue }
            }
            if index + 1 < fields.count {
                index += 1
                continue
            }
            // After the last field: ask what is missing, or submit.
            if let missing = states.indices.first(where: { !entered[$0] || states[$0].border.isInvalid }) {
                index = missing
                continue
            }
            entered = [Bool](repeating: false, count: fields.count)
            index = 0
            if isActionEnabled {
                await submit()
            } else {
                appendLine(style.paint("! " + words.actionNotEnabled(shownActionTitle), .failure))
            }
        }
        return .closed
    }

    // MARK: Private

    /// A field's position in ``fields``.
    private func position(of field: Field) -> Int {
        var index = 0
        while index < fields.count {  // not `fields.indices`, whose generic default looks up metadata per call
            if fields[index] == field { return index }
            index += 1
        }
        preconditionFailure("\(field) is not among \(Field.self).allCases")
    }

    private func enter(_ text: String, at index: Int) {
        let field = fields[index]
        update {
            if !states[index].isSecure { states[index].value = text }
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
        var text = TextBuilder(bytes: renderBytes, style: style)
        renderBytes = []
        for index in states.indices {
            let state = states[index]
            let line = FieldLine(border: state.border, value: state.isSecure ? nil : state.value)
            guard line != state.shown else { continue }
            states[index].shown = line
            text.appendFieldLine(state.label, line, words)
        }
        if busyMessage != shownBusyMessage {
            shownBusyMessage = busyMessage
            if let busyMessage {
                text.append(ConsoleText.sanitized(busyMessage), .quiet)
                text.appendLiteral("\n")
            }
        }
        if busyMessage == nil, isActionEnabled != shownActionEnabled {
            shownActionEnabled = isActionEnabled
            text.appendLiteral("  → ")
            text.append(shownActionTitle)
            text.append(words.separator)
            if isActionEnabled {
                text.append(words.enabled, .success)
            } else {
                text.append(words.disabled, .quiet)
            }
            text.appendLiteral("\n")
        }
        if !pendingText.isEmpty {
            text.append(pendingText)
            pendingText = ""
        }
        if !text.bytes.isEmpty { text.bytes.withUnsafeBufferPointer { output.write(utf8: $0) } }
        text.bytes.removeAll(keepingCapacity: true)
        renderBytes = text.bytes
        if busyMessage == nil { resumeIdleWaiters() }
    }

    private func resumeIdleWaiters() {
        guard !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}

/// What a field's status line shows. (Types outside the generic form, so its per-line work is not generic.)
private struct FieldLine: Equatable {
    var border: BorderState
    var value: String?
}

/// What the form knows of a field and what its status line last showed.
private struct FieldState {
    /// The field's label, sanitised.
    let label: String
    /// The prompt: the label and the words' separator (`": "`).
    let prompt: String
    /// Whether the field is secret.
    let isSecure: Bool
    /// The border the form shows.
    var border = BorderState.neutral
    /// The text last entered; never set for a secure field.
    var value: String?
    /// What the status line last showed.
    var shown = FieldLine(border: .neutral, value: nil)

    init(label: String, separator: String, isSecure: Bool) {
        self.label = label
        prompt = label + separator
        self.isSecure = isSecure
    }
}

/// A render's text, built as UTF-8 bytes in a buffer the form keeps: appending a piece copies its bytes, and the
/// text becomes one `String` when it is written.
private struct TextBuilder {
    var bytes: [UInt8]
    let style: ConsoleStyle

    /// Appends text as it is.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends the form's own words, copied from the program's constant data.
    mutating func appendLiteral(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends text in a tone, as ``ConsoleStyle/paint(_:_:)`` shows it.
    mutating func append(_ text: String, _ tone: ConsoleStyle.Tone) {
        guard style.usesColor, !text.isEmpty else { return append(text) }
        appendLiteral(ConsoleStyle.start(of: tone))
        append(text)
        appendLiteral(ConsoleStyle.reset)
    }

    /// Appends one of the form's own marks in a tone, as ``ConsoleStyle/paint(_:_:)`` shows it.
    mutating func appendLiteral(_ text: StaticString, _ tone: ConsoleStyle.Tone) {
        guard style.usesColor else { return appendLiteral(text) }
        appendLiteral(ConsoleStyle.start(of: tone))
        appendLiteral(text)
        appendLiteral(ConsoleStyle.reset)
    }

    /// Appends text that may come from a user, sanitised (see ``ConsoleText/sanitized(_:)``).
    mutating func appendSanitized(_ text: String) {
        append(ConsoleText.sanitized(text))
    }

    /// Appends a field's status line: `  ✗ Label "value": messages`, with its line break.
    mutating func appendFieldLine(_ label: String, _ line: FieldLine, _ words: ConsoleWords) {
        appendLiteral("  ")
        switch line.border {
        case .valid: appendLiteral("✓", .success)
        case .invalid: appendLiteral("✗", .failure)
        case .neutral: appendLiteral("·", .quiet)
        }
        appendLiteral(" ")
        append(label)
        if let value = line.value {
            appendLiteral(" \"")
            appendSanitized(value)
            appendLiteral("\"")
        }
        if case .invalid(let messages) = line.border, !messages.isEmpty {
            append(words.separator)
            for (number, message) in messages.enumerated() {
                if number > 0 { append(words.sentenceSeparator) }
                appendSanitized(message)
            }
        }
        appendLiteral("\n")
    }
}
