import PureMVVM
import PureMVVMTesting

/// Outputs whose `hasChanged(_:since:)` or `Field` enum is wrong in one way each, and a ViewModel that changes
/// them correctly through `OutputStore`: the tester must find the slip without trusting `hasChanged`.
protocol PairOutputs: ViewOutputs {
    init()
    var first: Int { get set }
    var second: Int { get set }
}

/// Reports too much: `second` also "changes" when `first` does.
struct OverReportingOutputs: PairOutputs {
    var first = 0
    var second = 0
    enum Field: Int, OutputField { case first, second }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .first: first != old.first
        case .second: second != old.second || first != old.first
        }
    }
}

/// Reports too little: a change of `second` is never reported.
struct UnderReportingOutputs: PairOutputs {
    var first = 0
    var second = 0
    enum Field: Int, OutputField { case first, second }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .first: first != old.first
        case .second: false
        }
    }
}

/// `case .second` compares the wrong property, a copy-and-paste slip.
struct SwappedOutputs: PairOutputs {
    var first = 0
    var second = 0
    enum Field: Int, OutputField { case first, second }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .first: first != old.first
        case .second: first != old.first
        }
    }
}

/// A stored output, `note`, that `Field` has no case for.
struct MissingCaseOutputs: PairOutputs {
    var first = 0
    var second = 0
    var note = ""
    enum Field: Int, OutputField { case first, second }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .first: first != old.first
        case .second: second != old.second
        }
    }
}

/// Changes its outputs the right way: one `OutputStore.update` per input, the delegate passed.
@MainActor
final class PairViewModel<Outputs: PairOutputs>: ViewModel {
    weak var delegate: (any ReloadDelegate<Outputs>)?
    var outputs: Outputs { store.outputs }
    let store = OutputStore(Outputs())

    func firstDidChange(_ value: Int) {
        store.update(notifying: delegate) { $0.first = value }
    }

    func secondDidChange(_ value: Int) {
        store.update(notifying: delegate) { $0.second = value }
    }

    func bothDidChange(_ value: Int) {
        store.update(notifying: delegate) {
            $0.first = value
            $0.second = value
        }
    }
}

extension PairViewModel where Outputs == MissingCaseOutputs {
    func noteDidChange(_ note: String) {
        store.update(notifying: delegate) { $0.note = note }
    }
}

/// Counts calls of its `hasChanged`, to prove the tester never makes one when the ViewModel is right.
struct CountingOutputs: ViewOutputs {
    nonisolated(unsafe) static var hasChangedCalls = 0
    var count = 0
    var title = ""
    enum Field: Int, OutputField { case count, title }
    func hasChanged(_ field: Field, since old: Self) -> Bool {
        Self.hasChangedCalls += 1
        switch field {
        case .count: return count != old.count
        case .title: return title != old.title
        }
    }
}

/// Sets one output at a time with `OutputStore.set`, which never calls `hasChanged`.
@MainActor
final class CountingViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<CountingOutputs>)?
    var outputs: CountingOutputs { store.outputs }
    private let store = OutputStore(CountingOutputs())

    func countDidChange(_ count: Int) {
        store.set(\.count, to: count, field: .count, notifying: delegate)
    }
}

/// Outputs the tester cannot take apart: a computed output with a field of its own, a stored closure, and a
/// status whose text goes with it (`statusText` belongs to `status` by its name).
struct OpaqueOutputs: ViewOutputs {
    var first = ""
    var last = ""
    var status = 0
    var statusText = ""
    var onTap: @Sendable () -> Void = {}
    var fullName: String { first + " " + last }

    enum Field: Int, OutputField { case first, last, status, fullName, onTap }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        switch field {
        case .first: first != old.first
        case .last: last != old.last
        case .status: status != old.status || statusText != old.statusText
        case .fullName: fullName != old.fullName
        case .onTap: false
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.first == rhs.first && lhs.last == rhs.last && lhs.status == rhs.status && lhs.statusText == rhs.statusText
    }
}

@MainActor
final class OpaqueViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<OpaqueOutputs>)?
    var outputs: OpaqueOutputs { store.outputs }
    private let store = OutputStore(OpaqueOutputs())

    func firstDidChange(_ first: String) {
        store.update(notifying: delegate) { $0.first = first }
    }

    func statusDidChange(_ status: Int, text: String) {
        store.update(notifying: delegate) {
            $0.status = status
            $0.statusText = text
        }
    }
}
