internal import PureMVVM

/// Checks a diff's answer the way UIKit applies it (`performBatchUpdates`): the deletions at old indexes and the
/// moves' sources come out, the rows neither deleted nor moved keep their order, the insertions and the moves land
/// at their new indexes, and after the batch the updated rows are redrawn at their new indexes. Applied to the old
/// rows, that must give the new rows, ID for ID and value for value.
enum BatchOrder {
    /// What is wrong with changes, or `nil` when they are right.
    ///
    /// Beyond the final rows: every list ascending with no index twice and in range; the deletions exactly the rows
    /// whose ID is gone and the insertions exactly the rows whose ID is new; the updates exactly the rows kept whose
    /// value changed; no row moved twice.
    ///
    /// - Parameters:
    ///   - changes: The diff's answer.
    ///   - old: The rows before.
    ///   - new: The rows after.
    /// - Returns: The first problem found, in words, or `nil`.
    static func problem(in changes: RowChanges, old: [BenchRow], new: [BenchRow]) -> String? {
        let lists = [
            ("deletions", changes.deletions, old.count), ("insertions", changes.insertions, new.count),
            ("moves' new indexes", changes.moves.map(\.to), new.count), ("updates", changes.updates, new.count),
            ("moves' old indexes", changes.moves.map(\.from).sorted(), old.count),
        ]
        for (name, list, count) in lists {
            if zip(list, list.dropFirst()).contains(where: { $0 >= $1 }) { return "\(name) are not ascending" }
            if let outside = list.first(where: { !(0..<count).contains($0) }) {
                return "\(name): \(outside) out of range"
            }
        }
        var oldIndexOfID: [Int: Int] = [:]
        for (index, row) in old.enumerated() { oldIndexOfID[row.id] = index }
        let newIDs = Set(new.map(\.id))
        let gone = old.indices.filter { !newIDs.contains(old[$0].id) }
        if changes.deletions != gone { return "deletions \(brief(changes.deletions)), not \(brief(gone))" }
        let added = new.indices.filter { oldIndexOfID[new[$0].id] == nil }
        if changes.insertions != added { return "insertions \(brief(changes.insertions)), not \(brief(added))" }
        let updated = new.indices.filter { index in oldIndexOfID[new[index].id].map { old[$0] != new[index] } ?? false }
        if changes.updates != updated { return "updates \(brief(changes.updates)), not \(brief(updated))" }
        var leaving = [Bool](repeating: false, count: old.count)
        for index in changes.deletions { leaving[index] = true }
        for move in changes.moves {
            if leaving[move.from] { return "the row at \(move.from) is deleted or moved twice" }
            leaving[move.from] = true
        }
        var result = [BenchRow?](repeating: nil, count: new.count)
        for index in changes.insertions { result[index] = new[index] }
        for move in changes.moves {
            if result[move.to] != nil { return "two rows land at \(move.to)" }
            result[move.to] = old[move.from]
        }
        var staying = old.indices.lazy.filter { !leaving[$0] }.makeIterator()
        for index in result.indices where result[index] == nil {
            guard let oldIndex = staying.next() else { return "too few rows stay to fill \(index)" }
            result[index] = old[oldIndex]
        }
        if staying.next() != nil { return "rows are left over after the batch" }
        for index in changes.updates { result[index] = new[index] }
        if let wrong = result.indices.first(where: { result[$0] != new[$0] }) {
            return "applied in batch order, the row at \(wrong) is \(result[wrong].map { "\($0)" } ?? "none"), "
                + "not \(new[wrong])"
        }
        return nil
    }

    /// The fewest moves that give the new order: the rows kept, less one longest run of them in old order.
    static func fewestMoves(old: [BenchRow], new: [BenchRow]) -> Int {
        var oldIndexOfID: [Int: Int] = [:]
        for (index, row) in old.enumerated() { oldIndexOfID[row.id] = index }
        let kept = new.compactMap { oldIndexOfID[$0.id] }
        return kept.count - LongestIncreasingRun.members(of: kept).filter { $0 }.count
    }

    /// A list, or its start when it is long.
    private static func brief(_ list: [Int]) -> String {
        list.count <= 12 ? "\(list)" : "\(Array(list.prefix(12)).description.dropLast()), … (\(list.count))]"
    }
}
