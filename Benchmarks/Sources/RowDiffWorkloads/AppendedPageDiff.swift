internal import PureMVVM

/// The baseline for a page appended: when the new rows start with the old ones, value for value
/// (`starts(with:)`), the rest are insertions; any other change goes to ``TrimmedDictionaryDiff``.
enum AppendedPageDiff {
    static func changes(old: [BenchRow], new: [BenchRow]) -> RowChanges {
        if new.count >= old.count, new.starts(with: old) {
            return RowChanges(insertions: Array(old.count..<new.count))
        }
        return TrimmedDictionaryDiff.changes(old: old, new: new)
    }
}
