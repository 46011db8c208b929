import PureMVVM
import PureMVVMTesting

/// A quantity field of 1 to 99 items, with the kind of bug the cart client planted: the ViewModel checks
/// the quantity itself, one off at the lower bound, so a quantity of 0 enables the add button. Only the text `0`
/// (or `00`, `-0`) shows it.
struct QuantityOutputs: ViewOutputs {
    var border = BorderState.neutral
    var isAddEnabled = false

    enum Field: Int, OutputField { case border, isAddEnabled }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .border: border != old.border
        case .isAddEnabled: isAddEnabled != old.isAddEnabled
        }
    }
}

@MainActor
final class QuantityViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<QuantityOutputs>)?
    var outputs: QuantityOutputs { store.outputs }
    private let store = OutputStore(QuantityOutputs())
    private var quantity = ValidatedField(rule: .integer(in: 1...99), whitespace: .trim)

    func quantityDidChange(_ text: String?) {
        quantity.edit(text)
        let planted = quantity.value.flatMap { Int($0) }.map { (0...99).contains($0) } ?? false  // the bug: 0...99
        store.update(notifying: delegate) { outputs in
            outputs.border = quantity.border
            outputs.isAddEnabled = planted
        }
    }
}
