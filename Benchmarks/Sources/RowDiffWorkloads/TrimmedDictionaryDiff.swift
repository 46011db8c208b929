internal import PureMVVM

/// The first correct baseline: the diff a performance-minded developer writes by hand. The rows with the same ID at
/// the common start and end are matched in place (their values compared for updates); the rows between go through
/// one dictionary of the old rows' indexes by ID; the rows kept whose order changed are the moves, the fewest there
/// can be: every kept row outside one longest run of kept rows in old order (``LongestIncreasingRun``).
///
/// Written for the benchmark's row type, so nothing is generic, and read through the arrays' buffers.
enum TrimmedDictionaryDiff {
    static func changes(old: [BenchRow], new: [BenchRow]) -> RowChanges {
        old.withUnsafeBufferPointer { old in new.withUnsafeBufferPointer { new in changes(old: old, new: new) } }
    }

    private static func changes(old: UnsafeBufferPointer<BenchRow>, new: UnsafeBufferPointer<BenchRow>) -> RowChanges {
        var changes = RowChanges()
        var start = 0
        let shorter = min(old.count, new.count)
        while start < shorter, old[start].id == new[start].id {
            if old[start] != new[start] { changes.updates.append(start) }
            start += 1
        }
        var oldEnd = old.count
        var newEnd = new.count
        var endUpdates: [Int] = []
        while oldEnd > start, newEnd > start, old[oldEnd - 1].id == new[newEnd - 1].id {
            oldEnd -= 1
            newEnd -= 1
            if old[oldEnd] != new[newEnd] { endUpdates.append(newEnd) }
        }
        if oldEnd == start {
            changes.insertions = Array(start..<newEnd)
        } else if newEnd == start {
            changes.deletions = Array(start..<oldEnd)
        } else {
            var oldIndexOfID = [Int: Int](minimumCapacity: oldEnd - start)
            for index in start..<oldEnd { oldIndexOfID[old[index].id] = index }
            var kept = [Bool](repeating: false, count: oldEnd - start)
            var keptOld: [Int] = []
            var keptNew: [Int] = []
            for index in start..<newEnd {
                guard let oldIndex = oldIndexOfID[new[index].id] else {
                    changes.insertions.append(index)
                    continue
                }
                kept[oldIndex - start] = true
                keptOld.append(oldIndex)
                keptNew.append(index)
                if old[oldIndex] != new[index] { changes.updates.append(index) }
            }
            for offset in kept.indices where !kept[offset] { changes.deletions.append(start + offset) }
            let staying = LongestIncreasingRun.members(of: keptOld)
            for position in keptOld.indices where !staying[position] {
                changes.moves.append(RowChanges.Move(from: keptOld[position], to: keptNew[position]))
            }
        }
        changes.updates.append(contentsOf: endUpdates.reversed())
        return changes
    }
}
