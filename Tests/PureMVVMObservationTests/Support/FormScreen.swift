import PureMVVM
import PureMVVMObservation

/// A form of the kind the adapter serves: a name with a validation border, a save button, an alert with buttons
/// whose answers are the ViewModel's inputs, and a screen pushed after a save.
struct FormOutputs: ViewOutputs {
    var nameBorder = BorderState.neutral
    var isSaveEnabled = false
    var title = "New profile"

    enum Field: Int, OutputField { case nameBorder, isSaveEnabled, title }

    func hasChanged(_ field: Field, since old: FormOutputs) -> Bool {
        switch field {
        case .nameBorder: nameBorder != old.nameBorder
        case .isSaveEnabled: isSaveEnabled != old.isSaveEnabled
        case .title: title != old.title
        }
    }
}

enum FormAlertAction: Hashable, Sendable {
    case saveAnyway
}

enum FormRoute: Hashable {
    case saved(name: String)
}

@MainActor protocol FormNavigating: AnyObject {
    func showAlert(_ alert: AlertContent<FormAlertAction>)
    func moveToSavedScreen(name: String)
}

typealias FormViewModelDelegate = FormNavigating & ReloadDelegate<FormOutputs>

@MainActor final class FormViewModel: ViewModel {
    weak var delegate: (any FormViewModelDelegate)?
    var outputs: FormOutputs { store.outputs }
    private let store = OutputStore(FormOutputs())
    private var name = ValidatedField(rule: .minimumLength(3))

    func nameDidChange(_ text: String?) {
        name.edit(text)
        store.update(notifying: delegate) { outputs in
            outputs.nameBorder = name.border
            outputs.isSaveEnabled = name.isValid
        }
    }

    func titleDidChange(_ title: String) {
        store.update(notifying: delegate) { $0.title = title }
    }

    func saveButtonDidTap() {
        delegate?.showAlert(
            AlertContent(
                title: "Save the profile?", message: "It replaces the one saved before.",
                buttons: [.cancel("Cancel"), AlertContent.Button("Save", action: .saveAnyway)]))
    }

    func alertButtonDidTap(_ action: FormAlertAction) {
        switch action {
        case .saveAnyway: delegate?.moveToSavedScreen(name: name.text ?? "")
        }
    }
}

/// The form's screen for SwiftUI: the adapter, answering the screen's own delegate calls with state.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class FormScreen: ObservedScreen<FormViewModel, FormRoute, FormAlertAction>, FormNavigating {
    func showAlert(_ alert: AlertContent<FormAlertAction>) { self.alert = alert }
    func moveToSavedScreen(name: String) { destination = .saved(name: name) }
}
