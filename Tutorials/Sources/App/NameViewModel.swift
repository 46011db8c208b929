import PureMVVM

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
