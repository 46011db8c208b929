extension RowDiff {
    /// Matches the rows between the common ends by ID, through one open-addressing table of the old rows'
    /// positions (at most half full, each ID hashed once): deletions, insertions, updates, and the fewest moves.
    ///
    /// Memory: the table (two to four slots per old row), one slot per new row for its old position, and a bit
    /// per old row; with moves, one more slot per new row to find a longest run of kept rows in order.
    ///
    /// - Parameter slot: The integer type of a slot: `Int32` unless a list has more rows than it counts.
    /// - Precondition: No two old rows, and no two new rows, between the common ends have the same ID; otherwise
    ///   the program stops with a message naming the ID.
    @inlinable
    func matchMiddleByID<Slot: FixedWidthInteger>(
        old oldRange: Range<Int>, new newRange: Range<Int>, slot _: Slot.Type, into changes: inout RowChanges
    ) {
        let oldCount = oldRange.count
        let newCount = newRange.count
        var capacity = 16
        while capacity < 2 * oldCount { capacity *= 2 }
        let mask = capacity - 1
        // Each slot holds an old row's offset in the middle plus one; 0 when empty.
        let table = UnsafeMutableBufferPointer<Slot>.allocate(capacity: capacity)
        table.initialize(repeating: 0)
        // For each new row of the middle, its old row's offset plus one; 0 for a row inserted.
        let oldOfNew = UnsafeMutableBufferPointer<Slot>.allocate(capacity: newCount)
        // A bit per old row of the middle: matched by a new row.
        let matched = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: (oldCount + 63) / 64)
        matched.initialize(repeating: 0)
        defer {
            table.deallocate()
            oldOfNew.deallocate()
            matched.deallocate()
        }
        var inOrder = true
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let a = UnsafeBufferPointer(rebasing: old[oldRange])
                let b = UnsafeBufferPointer(rebasing: new[newRange])
                for offset in 0..<oldCount {
                    let id = a[offset].id
                    var position = id.hashValue & mask
                    while table[position] != 0 {
                        if a[Int(truncatingIfNeeded: table[position]) &- 1].id == id {
                            Rows<Row>.duplicateID(id, in: self.old)
                        }
                        position = (position &+ 1) & mask
                    }
                    table[position] = Slot(truncatingIfNeeded: offset &+ 1)
                }
                var lastKept = -1
                for offset in 0..<newCount {
                    let row = b[offset]
                    var position = row.id.hashValue & mask
                    var found = -1
                    while table[position] != 0 {
                        let candidate = Int(truncatingIfNeeded: table[position]) &- 1
                        if a[candidate].id == row.id {
                            found = candidate
                            break
                        }
                        position = (position &+ 1) & mask
                    }
                    guard found >= 0 else {
                        oldOfNew[offset] = 0
                        changes.insertions.append(newRange.lowerBound &+ offset)
                        continue
                    }
                    let bit = UInt64(1) << UInt64(found & 63)
                    if matched[found >> 6] & bit != 0 { Rows<Row>.duplicateID(row.id, in: self.new) }
                    matched[found >> 6] |= bit
                    oldOfNew[offset] = Slot(truncatingIfNeeded: found &+ 1)
                    if found < lastKept { inOrder = false }
                    lastKept = found
                    if a[found] != row { changes.updates.append(newRange.lowerBound &+ offset) }
                }
            }
        }
        for (word, bits) in matched.enumerated() where bits != UInt64.max {
            var missing = ~bits
            while missing != 0 {
                let offset = word &* 64 &+ missing.trailingZeroBitCount
                if offset >= oldCount { break }
                changes.deletions.append(oldRange.lowerBound &+ offset)
                missing &= missing &- 1
            }
        }
        if !inOrder {
            addMoves(
                UnsafeBufferPointer(oldOfNew), oldBase: oldRange.lowerBound, newBase: newRange.lowerBound,
                into: &changes)
        }
    }

    /// The moves among the kept rows, which changed order: every kept row outside one longest run of them in old
    /// order (patience sorting, O(k log k) for k kept rows).
    ///
    /// - Parameter oldOfNew: For each new row of the middle, its old row's offset plus one, or 0.
    @inlinable
    func addMoves<Slot: FixedWidthInteger>(
        _ oldOfNew: UnsafeBufferPointer<Slot>, oldBase: Int, newBase: Int, into changes: inout RowChanges
    ) {
        // ends[length - 1]: the new offset of the row that ends a run of that length with the smallest old offset
        // so far; before[offset]: the new offset of the row before it in its run, plus one (0 for none).
        var ends: [Slot] = []
        let before = UnsafeMutableBufferPointer<Slot>.allocate(capacity: oldOfNew.count)
        before.initialize(repeating: 0)
        defer { before.deallocate() }
        for (offset, old) in oldOfNew.enumerated() where old != 0 {
            if let last = ends.last, oldOfNew[Int(truncatingIfNeeded: last)] >= old {
                var low = 0
                var high = ends.count &- 1
                while low < high {
                    let middle = (low &+ high) / 2
                    if oldOfNew[Int(truncatingIfNeeded: ends[middle])] < old {
                        low = middle &+ 1
                    } else {
                        high = middle
                    }
                }
                if low > 0 { before[offset] = ends[low &- 1] &+ 1 }
                ends[low] = Slot(truncatingIfNeeded: offset)
            } else {
                if let last = ends.last { before[offset] = last &+ 1 }
                ends.append(Slot(truncatingIfNeeded: offset))
            }
        }
        // Mark the run's rows (a row's `before` is read before it is overwritten with the mark), then list every
        // other kept row as a move.
        let stays = Slot.max
        var offset = ends.last.map { Int(truncatingIfNeeded: $0) } ?? -1
        while offset >= 0 {
            let previous = Int(truncatingIfNeeded: before[offset]) &- 1
            before[offset] = stays
            offset = previous
        }
        for (offset, old) in oldOfNew.enumerated() where old != 0 && before[offset] != stays {
            changes.moves.append(
                RowChanges.Move(from: oldBase &+ Int(truncatingIfNeeded: old) &- 1, to: newBase &+ offset))
        }
    }
}
