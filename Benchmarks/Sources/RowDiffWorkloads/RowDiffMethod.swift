internal import PureMVVM

/// A way to find what to redraw when a list changes: the toolkit's diff, on the path a ViewModel takes or on rows
/// made before, and the correct baselines it is measured against.
enum RowDiffMethod: String, CaseIterable, Sendable {
    /// `Rows(array).changes(since: old)`, as a ViewModel does it: handed a fresh array, it makes `Rows` of it, and
    /// its view asks what changed since the rows it shows (the old `Rows`, made in an earlier reload).
    case toolkit
    /// `new.changes(since: old)` on `Rows` values made before the event.
    case prebuilt
    /// ``TrimmedDictionaryDiff``: the common ends matched in place, a dictionary by ID between them, the fewest
    /// moves.
    case dictionary
    /// ``StandardLibraryDiff``: `difference(from:).inferringMoves()` on the IDs and an update pass.
    case standardLibrary = "stdlib"
    /// ``AppendedPageDiff``: `starts(with:)`, else the dictionary diff.
    case startsWith = "startswith"

    /// The row title's part that names the method.
    var title: String {
        switch self {
        case .toolkit: "PureMVVM `Rows(array)` then `changes(since:)`, the ViewModel's path"
        case .prebuilt: "PureMVVM `changes(since:)` on `Rows` made before"
        case .dictionary: "Trim + dictionary by ID + fewest moves (baseline)"
        case .standardLibrary: "Standard library diff, `inferringMoves()`, an update pass (baseline)"
        case .startsWith: "`starts(with:)`, else trim + dictionary (baseline)"
        }
    }

    /// Whether the method is a baseline the toolkit is measured against.
    var isBaseline: Bool { self != .toolkit && self != .prebuilt }

    /// The methods measured on a scenario: the toolkit both ways and every baseline that applies, the standard
    /// library's only where its O(d²) memory stays under 200 MB (see ``StandardLibraryDiff``).
    static func measured(on scenario: RowDiffScenario.Kind, size: Int) -> [RowDiffMethod] {
        var methods: [RowDiffMethod] = [.toolkit, .prebuilt, .dictionary]
        if RowDiffScenario.editDistance(scenario, size: size) <= 5_000 { methods.append(.standardLibrary) }
        if scenario == .page { methods.append(.startsWith) }
        return methods
    }

    /// The changes from `old` to `new`, found the method's way, from arrays (the toolkit's `prebuilt` way makes
    /// its `Rows` here too: this is for checks and expected outcomes, not for timing).
    func changes(old: [BenchRow], new: [BenchRow]) -> RowChanges {
        switch self {
        case .toolkit: Rows(new).changes(since: Rows(old))
        case .prebuilt: Rows(new).changes(since: Rows(old))
        case .dictionary: TrimmedDictionaryDiff.changes(old: old, new: new)
        case .standardLibrary: StandardLibraryDiff.changes(old: old, new: new)
        case .startsWith: AppendedPageDiff.changes(old: old, new: new)
        }
    }
}
