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

/// Sixty-six fields, two of them past the 64 a change set holds in one word (`f64`, `f65`); `case f64` also
/// compares `f65`, a copy-and-paste slip only a check of the far fields can see.
struct FarFieldOutputs: ViewOutputs {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0, f10 = 0
    var f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0, f20 = 0, f21 = 0
    var f22 = 0, f23 = 0, f24 = 0, f25 = 0, f26 = 0, f27 = 0, f28 = 0, f29 = 0, f30 = 0, f31 = 0, f32 = 0
    var f33 = 0, f34 = 0, f35 = 0, f36 = 0, f37 = 0, f38 = 0, f39 = 0, f40 = 0, f41 = 0, f42 = 0, f43 = 0
    var f44 = 0, f45 = 0, f46 = 0, f47 = 0, f48 = 0, f49 = 0, f50 = 0, f51 = 0, f52 = 0, f53 = 0, f54 = 0
    var f55 = 0, f56 = 0, f57 = 0, f58 = 0, f59 = 0, f60 = 0, f61 = 0, f62 = 0, f63 = 0, f64 = 0, f65 = 0

    struct Field: OutputField, CustomStringConvertible {
        let index: Int
        init?(index: Int) {
            guard (0..<66).contains(index) else { return nil }
            self.index = index
        }
        var description: String { "f\(index)" }
        static var allCases: [Self] { (0..<66).compactMap(Self.init(index:)) }
    }

    func hasChanged(_ field: Field, since old: Self) -> Bool {
        let (new, old) = (Mirror(reflecting: self).children.map(\.value), Mirror(reflecting: old).children.map(\.value))
        let changed = { (index: Int) in new[index] as? Int != old[index] as? Int }
        return changed(field.index) || (field.index == 64 && changed(65))
    }
}

/// Changes one of ``FarFieldOutputs``' fields at a time, through `OutputStore`.
@MainActor
final class FarFieldViewModel: ViewModel {
    weak var delegate: (any ReloadDelegate<FarFieldOutputs>)?
    var outputs: FarFieldOutputs { store.outputs }
    private let store = OutputStore(FarFieldOutputs())

    func fieldDidChange(_ field: WritableKeyPath<FarFieldOutputs, Int>, to value: Int) {
        store.update(notifying: delegate) { $0[keyPath: field] = value }
    }
}
