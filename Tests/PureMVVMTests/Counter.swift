import PureMVVM

/// A small outputs snapshot and spy the core's tests share.
struct CounterOutputs: ViewOutputs {
    var count = 0
    var title = ""
    var isEnabled = false

    enum Field: Int, OutputField { case count, title, isEnabled }

    func hasChanged(_ field: Field, since old: CounterOutputs) -> Bool {
        switch field {
        case .count: count != old.count
        case .title: title != old.title
        case .isEnabled: isEnabled != old.isEnabled
        }
    }
}

@MainActor
final class CounterSpy: ReloadDelegate {
    private(set) var reloads: [ChangeSet<CounterOutputs>] = []
    /// The outputs each reload handed the view.
    private(set) var shown: [CounterOutputs] = []

    func reloadViews(_ changes: ChangeSet<CounterOutputs>, from outputs: ReadOnlyOutputs<CounterOutputs>) {
        reloads.append(changes)
        shown.append(outputs.snapshot)
    }
}

/// Outputs with a thousand positions, to test change sets past one machine word.
struct WideOutputs: ViewOutputs {
    var values: [Int] = []
    func hasChanged(_ field: WideField, since old: WideOutputs) -> Bool {
        values[field.index] != old.values[field.index]
    }
}

struct WideField: OutputField, CustomStringConvertible {
    let index: Int
    init?(index: Int) {
        guard (0..<1000).contains(index) else { return nil }
        self.index = index
    }
    init(_ index: Int) { self.index = index }
    var description: String { "f\(index)" }
    static let allCases = (0..<1000).map(Self.init)
}
