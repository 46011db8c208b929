import PureMVVM
import XCTest

// The README's example ViewModel and test, compiled and run so the README cannot drift from the API.

struct NameOutputs: ViewOutputs {
    var border = BorderState.neutral
    var isSaveEnabled = false

    enum Field: Int, OutputField { case border, isSaveEnabled }

    func hasChanged(_ field: Field, since old: NameOutputs) -> Bool {
        switch field {
        case .border: border != old.border
        case .isSaveEnabled: isSaveEnabled != old.isSaveEnabled
        }
    }
}

@MainActor final class NameViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<NameOutputs>)?
    var outputs: NameOutputs { store.outputs }
    private let store = OutputStore(NameOutputs())
    private var name = ValidatedField(rule: .minimumLength(6))

    func nameDidChange(_ text: String?) {
        name.edit(text)
        store.update(notifying: delegate) { outputs in  // one reload, with exactly what changed
            outputs.border = name.border
            outputs.isSaveEnabled = name.isValid
        }
    }
}

@MainActor final class NameViewModelTests: XCTestCase {
    func testShortNameIsInvalid() async {
        let viewModel = NameViewModel()
        viewModel.nameDidChange("dim")
        XCTAssertEqual(viewModel.border, .invalid(["Must be at least 6 characters."]))
        XCTAssertFalse(viewModel.isSaveEnabled)
    }

    func testReadmeValidationExample() async {
        let password: ValidationRule = .all([
            .minimumLength(6),
            .maximumLength(72, in: .utf8),
            .not(.pattern(/[0-9]*/), message: "Use more than digits."),
        ])
        XCTAssertEqual(password.failures(for: "12345"), ["Must be at least 6 characters.", "Use more than digits."])
    }

    private enum SignupField: Hashable, Sendable { case email, password, confirmation }

    func testReadmeLinkedFieldsExample() async {
        var form = ValidatedForm<SignupField>(
            [
                .email: ValidatedField(rule: .firstFailure(of: [.required, .email()]), whitespace: .trim),
                .password: ValidatedField(rule: .minimumLength(8)),
                .confirmation: ValidatedField(rule: .confirmation()),
            ],
            confirming: [.confirmation: .password]
        )
        form.edit(.email, to: "dimsky@example.com")
        form.setExternalError("This email is already registered.", on: .email)
        XCTAssertEqual(form.border(of: .email), .invalid(["This email is already registered."]))
        XCTAssertFalse(form.isValid)
    }

    func testReadmeMessagesExamples() async {
        XCTAssertEqual(
            ValidationRule.length(exactly: 6).withDefaultMessages(.chinese).failures(for: "123"), ["长度须为 6 个字符。"])
        var german = ValidationMessages.english
        german.required = "Pflichtfeld."
        german.minimumLength = { count, unit in "Mindestens \(count) Zeichen." }
        XCTAssertEqual(
            ValidationRule.all([.required, .minimumLength(2)]).withDefaultMessages(german).failures(for: ""),
            ["Pflichtfeld.", "Mindestens 2 Zeichen."])
    }
}
