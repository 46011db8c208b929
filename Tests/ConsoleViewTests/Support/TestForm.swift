import ConsoleView
import PureMVVM

/// A two-field form for tests: a visible name and a secret.
enum TestField: ConsoleFormField {
    case name
    case secret

    var label: String { self == .name ? "Name" : "Secret" }
    var isSecure: Bool { self == .secret }
}

/// The code behind a test form: each field needs 3 characters, the action is enabled when both pass (and
/// `isActionAllowed`), then `onEnter` runs, and submitting calls `onSubmit`. It records what it was told, and
/// keeps no secret after checking it.
@MainActor
final class TestScreen: ConsoleFormDelegate {
    private(set) var entered: [TestField] = []
    private(set) var submitCount = 0
    private var isValid: [TestField: Bool] = [:]
    var isActionAllowed = true
    var onEnter: ((ConsoleForm<TestField>, String, TestField) -> Void)?
    var onSubmit: ((ConsoleForm<TestField>) -> Void)?

    func form(_ form: ConsoleForm<TestField>, didEnter text: String, in field: TestField) {
        entered.append(field)
        let valid = text.count >= 3
        isValid[field] = valid
        form.update {
            form.setBorder(valid ? .valid : .invalid(["Needs 3 characters."]), of: field)
            form.setActionEnabled(isActionAllowed && isValid[.name] == true && isValid[.secret] == true)
        }
        onEnter?(form, text, field)
    }

    func formDidSubmit(_ form: ConsoleForm<TestField>) {
        submitCount += 1
        onSubmit?(form)
    }
}

extension ScriptedTerminal {
    /// The screen as a terminal would show it: output, visible keystrokes echoed, hidden ones not; an end of
    /// input shows as `^D`.
    var screen: String {
        events.reduce(into: "") { text, event in
            switch event {
            case .output(let written): text += written
            case .read(.endOfInput, _): text += "^D\n"
            case .read(.timeout, _): text += "⏱\n"
            case .read(.bytes, hidden: true): text += "\n"
            case .read(.bytes(let bytes), hidden: false): text += String(decoding: bytes, as: UTF8.self) + "\n"
            case .read(.unfinishedBytes, hidden: true): text += "^D\n"
            case .read(.unfinishedBytes(let bytes), hidden: false):
                text += String(decoding: bytes, as: UTF8.self) + "^D\n"
            }
        }
    }
}
