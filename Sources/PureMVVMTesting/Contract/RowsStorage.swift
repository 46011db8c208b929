internal import Foundation
import PureMVVM

/// Two `Rows` values of one type compared by the bytes their rows are stored in, before the tester's own
/// reckoning (``RowsReference``) compares any row property by property.
///
/// A row whose bytes are the same in both is the same value: the same inline fields and the same references, so
/// every stored property is equal as well (a class row is the same object, which the property comparison would
/// also find equal). Only the rows whose bytes differ are compared property by property. Nothing here comes from
/// the ViewModel, its `hasChanged` or the reload's change set: the check stays independent, it only skips the rows
/// that cannot have changed. Bytes that differ do not mean a change (padding, another string buffer of the same
/// text): such rows go on to the property comparison. This is the one place the testing library compares rows by
/// their bytes: without it, a send that changes no row cost a property-by-property comparison of every row, twice
/// (the figures are in the Performance article).
protocol RowsStorage: RowsReflecting {
    /// The positions of the rows that changed since `old`'s, by the tester's reckoning (stored properties, or for a
    /// row type the tester cannot take apart the rows' own `==`), when the rows have the same IDs in the same
    /// order; `nil` when they do not (another number of rows, or another ID where the bytes differ).
    func changedPositionsKeepingOrder(from old: Self) -> [Int]?

    /// Whether `told`, the row changes a reload gave the view (not a full reload, which is always right), are right
    /// for these rows after `old`'s, found without working out every row's ID: `true` when they name no move, the
    /// rows they keep pair up in order with the same IDs, none is re-inserted, and the updates name exactly the kept
    /// rows that changed. `false` when that cannot be shown this way (they may still be right: moves, a re-inserted
    /// row), and for changes that are wrong; the caller then works them out in full (``RowsReference``), which also
    /// says what is wrong.
    func confirms(_ told: RowChanges, from old: Self) -> Bool

    /// For each pair of positions, an old row's and a new row's, whether the two rows have the same bytes; `nil`
    /// when `old` is not of this type.
    func haveSameBytes(as old: Any, at pairs: [(old: Int, new: Int)]) -> [Bool]?

    /// The rows at `positions`, in that order.
    func rows(at positions: [Int]) -> [Any]

    /// The IDs of `old`'s rows and of these, as numbers the tester's reckoning can match without boxing every ID in
    /// `AnyHashable`: an old row's number is its position, and a new row has the number of the old row with its ID,
    /// or, for an ID the old rows do not have, `old.count` plus its own position. Two rows have one number exactly
    /// when they have one ID, as a `Rows` value never holds an ID twice. `nil` when `old` is not rows of this type.
    func idNumbers(since old: Any) -> (old: [Int], new: [Int])?
}

extension RowsStorage {
    /// Whether these rows have the same IDs in the same order as `old`'s and none of them changed, by the tester's
    /// reckoning: the rule that says a `Rows` output did not change.
    func hasSameRows(as old: Self) -> Bool {
        changedPositionsKeepingOrder(from: old)?.isEmpty ?? false
    }

    /// ``hasSameRows(as:)`` for rows read as `Any` (outputs read through `Mirror`); `false` when `old` is not rows
    /// of this type.
    func hasSameRows(asAny old: Any) -> Bool {
        (old as? Self).map(hasSameRows(as:)) ?? false
    }
}

extension Rows: RowsStorage {
    func changedPositionsKeepingOrder(from old: Self) -> [Int]? {
        guard old.count == count else { return nil }
        return changedRows(from: old, 0, 0, length: count)
    }

    func confirms(_ told: RowChanges, from old: Self) -> Bool {
        guard told.moves.isEmpty else { return false }
        guard let deletions = Self.sortedPositions(told.deletions, in: old.count),
            let insertions = Self.sortedPositions(told.insertions, in: count),
            old.count - deletions.count == count - insertions.count
        else { return false }
        if !deletions.isEmpty, !insertions.isEmpty {  // a row deleted and inserted again: for the full reckoning
            let deletedIDs = Set(deletions.map { old[$0].id })
            guard !insertions.contains(where: { deletedIDs.contains(self[$0].id) }) else { return false }
        }
        // The kept rows, in order, as runs of rows that sit side by side in both lists, between the rows deleted
        // and the rows inserted.
        var changed: [Int] = []
        var oldPosition = 0
        var newPosition = 0
        var nextDeletion = 0
        var nextInsertion = 0
        while true {
            while nextDeletion < deletions.count, deletions[nextDeletion] == oldPosition {
                oldPosition += 1
                nextDeletion += 1
            }
            while nextInsertion < insertions.count, insertions[nextInsertion] == newPosition {
                newPosition += 1
                nextInsertion += 1
            }
            guard oldPosition < old.count, newPosition < count else { break }
            let oldEnd = nextDeletion < deletions.count ? deletions[nextDeletion] : old.count
            let newEnd = nextInsertion < insertions.count ? insertions[nextInsertion] : count
            let length = Swift.min(oldEnd - oldPosition, newEnd - newPosition)
            guard let changedInRun = changedRows(from: old, oldPosition, newPosition, length: length) else {
                return false
            }
            changed += changedInRun
            oldPosition += length
            newPosition += length
        }
        // Exactly the kept rows that changed, each once (which also keeps them in range, and off inserted rows).
        return told.updates.count == changed.count && Set(told.updates) == Set(changed)
    }

    func haveSameBytes(as old: Any, at pairs: [(old: Int, new: Int)]) -> [Bool]? {
        guard let old = old as? Self else { return nil }
        return withBuffers(since: old) { old, new in
            let before = UnsafeRawBufferPointer(old)
            let after = UnsafeRawBufferPointer(new)
            guard let first = before.baseAddress, let second = after.baseAddress else {
                return Array(repeating: false, count: pairs.count)  // no rows on one side: no pair either
            }
            let size = MemoryLayout<Row>.size
            let stride = MemoryLayout<Row>.stride
            return pairs.map { memcmp(first + $0.old * stride, second + $0.new * stride, size) == 0 }
        }
    }

    func rows(at positions: [Int]) -> [Any] {
        positions.map { self[$0] }
    }

    func idNumbers(since old: Any) -> (old: [Int], new: [Int])? {
        guard let old = old as? Self else { return nil }
        // The IDs are read from the rows' buffers: a `Rows` value's rows are an array's, so the copies are a fallback.
        let new =
            withBuffers(since: old, Self.idNumbers(old:new:))
            ?? Array(old).withUnsafeBufferPointer { old in
                Array(self).withUnsafeBufferPointer { Self.idNumbers(old: old, new: $0) }
            }
        return (Array(0..<old.count), new)
    }

    /// Calls `body` with the buffers of `old`'s rows and of these; `nil` when either has no contiguous storage.
    /// Inlined into each caller: called as a generic function of its own, it has the runtime look up the metadata
    /// of its result type every time.
    @inline(__always)
    private func withBuffers<Result>(
        since old: Self, _ body: (_ old: UnsafeBufferPointer<Row>, _ new: UnsafeBufferPointer<Row>) -> Result
    ) -> Result? {
        withContiguousStorageIfAvailable { new in old.withContiguousStorageIfAvailable { old in body(old, new) } }
            ?? nil
    }

    /// ``idNumbers(since:)``'s numbers of the rows in `new`.
    ///
    /// The old rows are found by their IDs' hash values, in a table of positions with room for twice as many (open
    /// addressing: a taken slot sends a row on to the next). Its code is specialised here, where a dictionary keyed
    /// by the row's ID type would be generic code, its metadata looked up on every insert and find, and a
    /// dictionary keyed by the hash values would hash each of them again. Rows whose hash values are the same are
    /// told apart by their IDs' `==`. The toolkit's row diff keeps a table like it (`RowDiff.matchMiddleByID`); the
    /// tester keeps its own, so that the diff's answers are not checked by the diff's own code.
    private static func idNumbers(old: UnsafeBufferPointer<Row>, new: UnsafeBufferPointer<Row>) -> [Int] {
        var capacity = 1
        while capacity < 2 * old.count { capacity *= 2 }
        let mask = capacity - 1
        var slots = [Int](repeating: -1, count: capacity)  // an old row's position, or -1 for none
        var hashes = [Int](repeating: 0, count: old.count)  // each old row's ID's hash value
        for position in old.indices {
            let hash = old[position].id.hashValue
            hashes[position] = hash
            var slot = hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = position
        }
        return new.indices.map { position in
            let id = new[position].id
            let hash = id.hashValue
            var slot = hash & mask
            while slots[slot] >= 0 {
                let candidate = slots[slot]
                if hashes[candidate] == hash, old[candidate].id == id { return candidate }
                slot = (slot + 1) & mask
            }
            return old.count + position
        }
    }

    /// The positions here of the rows that changed in a run of `length` rows, at `oldPosition` in `old` and at
    /// `newPosition` here, by the tester's reckoning; `nil` when two rows of the run have another ID. Only the rows
    /// whose bytes differ are looked at, each where it lies in its buffer when its type is compared in place.
    private func changedRows(from old: Self, _ oldPosition: Int, _ newPosition: Int, length: Int) -> [Int]? {
        let changed: [Int]?? = withBuffers(since: old) { old, new -> [Int]? in
            guard let before = UnsafeRawPointer(old.baseAddress), let after = UnsafeRawPointer(new.baseAddress)
            else { return [] }  // no rows
            if before == after, oldPosition == newPosition { return [] }  // one buffer: the same rows
            let stride = MemoryLayout<Row>.stride
            let differing = Self.positionsWhoseBytesDiffer(
                before + oldPosition * stride, after + newPosition * stride, count: length)
            guard let first = differing.first else { return [] }
            let comparison = RowComparison.for(Row.self, sample: new[newPosition + first])
            var changed: [Int] = []
            for offset in differing {
                let (oldRow, newRow) = (oldPosition + offset, newPosition + offset)
                guard old[oldRow].id == new[newRow].id else { return nil }
                let isChanged =
                    comparison.isChangedWhereTheyLie?(before + oldRow * stride, after + newRow * stride)
                    ?? comparison.isChanged(old[oldRow], new[newRow])
                if let isChanged {
                    if isChanged { changed.append(newRow) }
                } else if old[oldRow] != new[newRow] {
                    changed.append(newRow)
                }
            }
            return changed
        }
        return changed ?? []  // no contiguous storage: nothing to compare
    }

    /// The positions in increasing order, when each is in `0..<count` and none is named twice; `nil` otherwise.
    private static func sortedPositions(_ positions: [Int], in count: Int) -> [Int]? {
        let sorted = positions.sorted()
        guard let first = sorted.first, let last = sorted.last else { return [] }
        guard first >= 0, last < count, zip(sorted, sorted.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return sorted
    }

    /// The positions of the rows whose bytes differ between two buffers of `count` rows. A block of rows is compared
    /// at once, and only a block whose bytes differ row by row, so a list where one row changed costs a few
    /// comparisons, not one per row. A block's comparison takes in the padding between its rows, which may differ
    /// where the rows do not: then that block is compared row by row, without the padding.
    private static func positionsWhoseBytesDiffer(
        _ before: UnsafeRawPointer, _ after: UnsafeRawPointer, count: Int
    ) -> [Int] {
        let size = MemoryLayout<Row>.size
        let stride = MemoryLayout<Row>.stride
        if memcmp(before, after, count * stride) == 0 { return [] }
        let block = 16
        var differing: [Int] = []
        var start = 0
        while start < count {
            let end = Swift.min(start + block, count)
            if memcmp(before + start * stride, after + start * stride, (end - start) * stride) != 0 {
                for position in start..<end
                where memcmp(before + position * stride, after + position * stride, size) != 0 {
                    differing.append(position)
                }
            }
            start = end
        }
        return differing
    }
}
