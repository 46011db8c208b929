internal import PureMVVM

/// The second correct baseline: the standard library's diff. The IDs' `difference(from:)` (Myers' algorithm,
/// O((n + m) · d) time for d changes, with the furthest points of every step kept) with `inferringMoves()`, read as
/// a batch: removals without a partner are deletions, insertions without one insertions, and a removal paired with
/// an insertion is a move. Then an update pass: the rows kept in place are paired in order between the removals
/// and insertions, the moved ones by their pair, and each pair's values compared.
enum StandardLibraryDiff {
    static func changes(old: [BenchRow], new: [BenchRow]) -> RowChanges {
        let difference = new.map(\.id).difference(from: old.map(\.id)).inferringMoves()
        var changes = RowChanges()
        var removed = [Bool](repeating: false, count: old.count)
        var inserted = [Bool](repeating: false, count: new.count)
        for case .remove(let offset, _, let partner) in difference.removals {
            removed[offset] = true
            if partner == nil { changes.deletions.append(offset) }
        }
        var movedUpdates: [Int] = []
        for case .insert(let offset, _, let partner) in difference.insertions {
            inserted[offset] = true
            if let from = partner {
                changes.moves.append(RowChanges.Move(from: from, to: offset))
                if old[from] != new[offset] { movedUpdates.append(offset) }
            } else {
                changes.insertions.append(offset)
            }
        }
        // The rows kept in place, in order on both sides; their updates and the moved rows' merged, ascending.
        var keptUpdates: [Int] = []
        var oldIndex = 0
        for newIndex in new.indices where !inserted[newIndex] {
            while removed[oldIndex] { oldIndex += 1 }
            if old[oldIndex] != new[newIndex] { keptUpdates.append(newIndex) }
            oldIndex += 1
        }
        if movedUpdates.isEmpty {
            changes.updates = keptUpdates
        } else {
            changes.updates = (keptUpdates + movedUpdates).sorted()
        }
        return changes
    }
}
