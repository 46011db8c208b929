extension Rows {
    /// The changes from earlier rows to these, by ID and by the rows' `==`, in linear time.
    ///
    /// ``ReadOnlyOutputs/changes(of:)`` calls this during a reload; call it yourself to test a view, or for rows
    /// kept outside the outputs.
    ///
    /// How it works, after Heckel ("A technique for isolating differences between files", 1978): rows with the
    /// same ID at the start and at the end of both lists are matched in place first, so one changed row, rows
    /// inserted at the top or a page appended at the end cost one comparison per row and no hashing. The rows
    /// between are matched by ID through one hash table of the old rows. Among the rows kept, a row whose order
    /// changed is a move; where two rows trade places, the one that travelled further is the move, so one row
    /// moved anywhere is one move. (Several moves at once may be listed as a few more than the fewest possible,
    /// never as a wrong order: the fewest would take O(n log n).)
    ///
    /// - Parameter old: The rows the view shows now.
    /// - Returns: The rows deleted (old indexes), inserted (new indexes), moved and updated (new indexes), each
    ///   list ascending; see ``RowChanges`` for how to apply them.
    @inlinable
    public func changes(since old: Rows) -> RowChanges {
        RowDiff(old: old.elements, new: elements).changes()
    }
}

/// The diff of two lists of rows with unique IDs: the common ends matched in place, then the middle by ID.
@usableFromInline
struct RowDiff<Row: Identifiable & Equatable> {
    @usableFromInline let old: [Row]
    @usableFromInline let new: [Row]

    @inlinable
    init(old: [Row], new: [Row]) {
        self.old = old
        self.new = new
    }

    @inlinable
    func changes() -> RowChanges {
        var changes = RowChanges()
        if Self.shareStorage(old, new) { return changes }
        // The rows matched in place at the start, then at the end, walking back (their updates are added last, in
        // order), read through the arrays' buffers: no bounds check or reference count per row.
        var start = 0
        var oldEnd = old.count
        var newEnd = new.count
        var endUpdates: [Int] = []
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let shorter = Swift.min(old.count, new.count)
                while start < shorter, old[start].id == new[start].id {
                    if old[start] != new[start] { changes.updates.append(start) }
                    start += 1
                }
                while oldEnd > start, newEnd > start, old[oldEnd - 1].id == new[newEnd - 1].id {
                    oldEnd -= 1
                    newEnd -= 1
                    if old[oldEnd] != new[newEnd] { endUpdates.append(newEnd) }
                }
            }
        }
        if oldEnd == start {
            changes.insertions = Array(start..<newEnd)
        } else if newEnd == start {
            changes.deletions = Array(start..<oldEnd)
        } else {
            matchMiddle(old: start..<oldEnd, new: start..<newEnd, into: &changes)
        }
        changes.updates.append(contentsOf: endUpdates.reversed())
        return changes
    }

    /// Matches the rows between the common ends by ID: deletions, insertions, updates and moves.
    @inlinable
    func matchMiddle(old oldRange: Range<Int>, new newRange: Range<Int>, into changes: inout RowChanges) {
        let base = oldRange.lowerBound
        var oldIndexOfID: [Row.ID: Int] = [:]
        oldIndexOfID.reserveCapacity(oldRange.count)
        for index in oldRange { oldIndexOfID[old[index].id] = index }

        // For each old row (by offset from `base`), the new index it went to, or -1 when deleted; for each kept
        // row in new order, its old index.
        var newIndexOfOld = [Int](repeating: -1, count: oldRange.count)
        var keptOldIndexes: [Int] = []
        keptOldIndexes.reserveCapacity(Swift.min(oldRange.count, newRange.count))
        for index in newRange {
            if let oldIndex = oldIndexOfID[new[index].id] {
                newIndexOfOld[oldIndex - base] = index
                keptOldIndexes.append(oldIndex)
            } else {
                changes.insertions.append(index)
            }
        }
        // The kept rows' ranks among the kept rows, in old order, and each rank's place in new order.
        var rankOfOld = [Int](repeating: -1, count: oldRange.count)
        var keptCount = 0
        for offset in 0..<oldRange.count {
            if newIndexOfOld[offset] < 0 {
                changes.deletions.append(base + offset)
            } else {
                rankOfOld[offset] = keptCount
                keptCount += 1
            }
        }
        var newPlaceOfRank = [Int](repeating: 0, count: keptCount)
        for (place, oldIndex) in keptOldIndexes.enumerated() { newPlaceOfRank[rankOfOld[oldIndex - base]] = place }

        // Walk the kept rows in new order against a cursor over the old order. A row at the cursor is in order;
        // otherwise either it jumped ahead or the row at the cursor fell behind, and the one that travelled
        // further is the move.
        var settled = [Bool](repeating: false, count: keptCount)
        var moved = [Bool](repeating: false, count: keptCount)
        var cursor = 0
        for (place, oldIndex) in keptOldIndexes.enumerated() {
            let newIndex = newIndexOfOld[oldIndex - base]
            let rank = rankOfOld[oldIndex - base]
            if old[oldIndex] != new[newIndex] { changes.updates.append(newIndex) }
            if moved[rank] {
                changes.moves.append(RowChanges.Move(from: oldIndex, to: newIndex))
                continue
            }
            while true {
                while cursor < keptCount, settled[cursor] { cursor += 1 }
                if rank == cursor {
                    settled[cursor] = true
                    cursor += 1
                    break
                }
                // rank > cursor: every rank below the cursor is settled, and this one is not.
                if rank - cursor >= newPlaceOfRank[cursor] - place {
                    settled[rank] = true
                    changes.moves.append(RowChanges.Move(from: oldIndex, to: newIndex))
                    break
                }
                moved[cursor] = true
                settled[cursor] = true
            }
        }
    }

    /// Whether two arrays are the same storage: then nothing changed, found in O(1).
    @inlinable
    static func shareStorage(_ lhs: [Row], _ rhs: [Row]) -> Bool {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress && left.count == right.count }
        }
    }
}
