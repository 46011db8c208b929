// The Rows diff fuzz target: random old and new rows, their diff applied as UIKit applies it, against a reference.
// Built with -sanitize=fuzzer and -D FUZZING it is a libFuzzer target (scripts/fuzz.sh); built normally it replays
// Fixtures/fuzz/rows-diff, or the files it is given.

internal import FuzzSupport
internal import PureMVVM

/// Builds old and new rows from the fuzzer's bytes (by a random program of edits on the old rows: deletions,
/// insertions, moves, changed values, and whole new lists), diffs them with `Rows.changes(since:)`, and checks the
/// diff against what it must mean: applied to the old IDs as UIKit's batch updates apply it, it gives the new IDs;
/// deletions and insertions are exactly the IDs gone and new; updates exactly the rows kept whose value changed;
/// every list ascending; one row moved is one move. The edits go through `Rows`' own methods, checked against an
/// array at every step.
@main
enum RowsDiffFuzz: FuzzTarget {
    static let target = "rows-diff"

    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var value: UInt8
    }

    /// Checks one input.
    ///
    /// - Parameter bytes: The fuzzer's input.
    /// - Returns: `nil` when the diff and the edits behaved, or what went wrong.
    static func check(_ bytes: [UInt8]) -> String? {
        var input = FuzzInput(bytes)
        let count = input.int(in: 0...40)
        var old = Rows<Row>()
        var reference: [Row] = []
        for id in 0..<count {
            let row = Row(id: id * 3, value: 0)
            old.append(row)
            reference.append(row)
        }
        var new = old
        var step = 0
        var singleMove: RowChanges.Move?
        while !input.isEmpty {
            step += 1
            let operation = input.byte() % 7
            if operation != 6 { singleMove = nil }
            switch operation {
            case 0 where !reference.isEmpty:
                let index = input.int(in: 0...(reference.count - 1))
                let removed = new.remove(at: index)
                if removed != reference.remove(at: index) {
                    return "step \(step): remove(at: \(index)) removed \(removed)"
                }
            case 1:
                let row = Row(id: input.int(in: 0...200), value: input.byte())
                let index = input.int(in: 0...reference.count)
                guard !reference.contains(where: { $0.id == row.id }) else {
                    new.merge([row])
                    if let at = reference.firstIndex(where: { $0.id == row.id }) { reference[at] = row }
                    break
                }
                new.insert(row, at: index)
                reference.insert(row, at: index)
            case 2 where !reference.isEmpty:
                let index = input.int(in: 0...(reference.count - 1))
                reference[index].value = input.byte()
                if new.update(reference[index]) == nil {
                    return "step \(step): update found no row \(reference[index].id)"
                }
            case 3:
                let rows = (0..<input.int(in: 0...6)).map { _ in Row(id: input.int(in: 0...200), value: input.byte()) }
                new.merge(rows)
                for row in rows {
                    if let at = reference.firstIndex(where: { $0.id == row.id }) {
                        reference[at] = row
                    } else {
                        reference.append(row)
                    }
                }
            case 4 where !reference.isEmpty:
                let id = reference[input.int(in: 0...(reference.count - 1))].id
                new.remove(id: id)
                reference.removeAll { $0.id == id }
            case 5:
                new.removeAll()
                reference.removeAll()
            case 6 where reference.count > 1 && step == 1:
                // One row moved, and nothing else: exactly one move.
                let from = input.int(in: 0...(reference.count - 1))
                let to = input.int(in: 0...(reference.count - 1))
                let row = reference.remove(at: from)
                reference.insert(row, at: to)
                new = Rows(reference)
                if from != to { singleMove = RowChanges.Move(from: from, to: to) }
            default:
                break
            }
            if let problem = compare(new, reference, step: step) { return problem }
        }
        return checkDiff(new.changes(since: old), old: Array(old), new: reference, singleMove: singleMove)
    }

    /// The rows and the reference array hold the same rows, and look-ups by ID agree.
    private static func compare(_ rows: Rows<Row>, _ reference: [Row], step: Int) -> String? {
        if Array(rows) != reference { return "step \(step): rows \(Array(rows)), expected \(reference)" }
        for row in reference where !rows.contains(id: row.id) || rows[id: row.id] != row {
            return "step \(step): the row with ID \(row.id) is not found by its ID"
        }
        if rows.contains(id: -1) { return "step \(step): an ID no row has is found" }
        return nil
    }

    private static func checkDiff(
        _ changes: RowChanges, old: [Row], new: [Row], singleMove: RowChanges.Move?
    ) -> String? {
        let oldIDs = old.map(\.id)
        let newIDs = new.map(\.id)
        let lists = [changes.deletions, changes.insertions, changes.moves.map(\.to), changes.updates]
        if lists.contains(where: { $0 != $0.sorted() || Set($0).count != $0.count }) {
            return "\(changes): a list is not ascending, or repeats an index"
        }
        if changes.isFullReload { return "a diff is never a full reload" }
        let gone = Set(oldIDs).subtracting(newIDs)
        let added = Set(newIDs).subtracting(oldIDs)
        guard changes.deletions.allSatisfy(old.indices.contains), changes.insertions.allSatisfy(new.indices.contains),
            changes.updates.allSatisfy(new.indices.contains)
        else { return "\(changes): an index out of range for \(oldIDs) → \(newIDs)" }
        if Set(changes.deletions.map { oldIDs[$0] }) != gone { return "\(changes): deletions are not \(gone.sorted())" }
        if Set(changes.insertions.map { newIDs[$0] }) != added {
            return "\(changes): insertions are not \(added.sorted())"
        }
        let oldByID = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0) })
        let updated = new.indices.filter { index in oldByID[new[index].id].map { $0 != new[index] } ?? false }
        if changes.updates != updated { return "\(changes): updates are not \(updated)" }
        // Applied as UIKit applies a batch: the rows neither deleted nor moved keep their order around the rows
        // inserted and moved into their new places.
        let movedFrom = Set(changes.moves.map(\.from))
        guard movedFrom.count == changes.moves.count,
            movedFrom.allSatisfy({ old.indices.contains($0) && !gone.contains(oldIDs[$0]) }),
            changes.moves.allSatisfy({ new.indices.contains($0.to) })
        else { return "\(changes): a move from a deleted row, out of range, or twice" }
        var staying = oldIDs.indices.filter { !changes.deletions.contains($0) && !movedFrom.contains($0) }
            .map { oldIDs[$0] }[...]
        var result = [Int?](repeating: nil, count: new.count)
        for index in changes.insertions { result[index] = newIDs[index] }
        for move in changes.moves {
            guard result[move.to] == nil else { return "\(changes): two rows placed at \(move.to)" }
            result[move.to] = oldIDs[move.from]
        }
        for index in result.indices where result[index] == nil { result[index] = staying.popFirst() }
        if !staying.isEmpty || result.compactMap({ $0 }) != newIDs {
            return "\(changes) applied to \(oldIDs) gives \(result.map { $0 ?? -1 }), not \(newIDs)"
        }
        if let singleMove, changes.moves.count != 1 {
            return "\(changes): one row moved (\(singleMove.from) → \(singleMove.to)) is not one move"
        }
        return nil
    }
}
