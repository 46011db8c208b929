extension Rows {
    /// The changes from earlier rows to these, by ID and by the rows' `==`, with the fewest moves.
    ///
    /// ``ReadOnlyOutputs/changes(of:)`` calls this during a reload; call it yourself to test a view, or for rows
    /// kept outside the outputs.
    ///
    /// How it works, in three steps, each taken only when the one before leaves rows unmatched:
    ///
    /// 1. Rows with the same ID at the start and at the end of both lists are matched in place, so one changed
    ///    row, rows inserted at the top or a page appended cost one comparison per row and no hashing.
    /// 2. The rows between are matched by the fewest deletions and insertions of IDs (Myers, "An O(ND) difference
    ///    algorithm and its variations", 1986). As IDs are unique, d edits cost O(n + m + d²) comparisons of IDs
    ///    and no hashing: a window that slid by a row, a row moved, or a few scattered changes. This step gives
    ///    up when the edits would cost more than about two comparisons per row, or keep more than one integer per
    ///    row.
    /// 3. Otherwise the rows between are matched through one table of the old rows' indexes, each ID hashed once
    ///    on each side, in O(n + m) (a longest run of rows kept in order is found in O(k log k) for the k kept
    ///    rows when some of them changed order).
    ///
    /// Either way, among the rows kept, the rows outside one longest run of them in old order are the moves: no
    /// fewer moves give the new order, so one row moved anywhere is one move.
    ///
    /// - Parameter old: The rows the view shows now.
    /// - Returns: The rows deleted (old indexes), inserted (new indexes), moved and updated (new indexes), each
    ///   list ascending; see ``RowChanges`` for how to apply them.
    /// - Precondition: In each list, the rows the diff matches by ID (steps 2 and 3) have IDs of their own; step 3
    ///   stops the program with a message naming an ID two of them share.
    @inlinable
    public func changes(since old: Rows) -> RowChanges {
        RowDiff(old: old.elements, new: elements).changes()
    }
}

/// The diff of two lists of rows with unique IDs: the common ends matched in place, then the middle by the fewest
/// edits when they are few, else by ID through a hash table.
@usableFromInline
struct RowDiff<Row: Identifiable & Equatable & Sendable> where Row.ID: Sendable {
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
        // order), read through the arrays' buffers: no bounds check or reference count per row. Unchanged rows,
        // nearly all of them, are skipped four at a time.
        var start = 0
        var back = 0
        var endUpdates: [Int] = []
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let shorter = Swift.min(old.count, new.count)
                while true {
                    while start &+ 3 < shorter, Self.isUnchanged(old[start], new[start]),
                        Self.isUnchanged(old[start &+ 1], new[start &+ 1]),
                        Self.isUnchanged(old[start &+ 2], new[start &+ 2]),
                        Self.isUnchanged(old[start &+ 3], new[start &+ 3])
                    {
                        start &+= 4
                    }
                    guard start < shorter, old[start].id == new[start].id else { break }
                    if old[start] != new[start] { changes.updates.append(start) }
                    start &+= 1
                }
                // Walking back from the ends: `back` rows matched so far, at most the `rest` after the start.
                let rest = shorter &- start
                let oldLast = old.count &- 1
                let newLast = new.count &- 1
                while true {
                    while back &+ 3 < rest, Self.isUnchanged(old[oldLast &- back], new[newLast &- back]),
                        Self.isUnchanged(old[oldLast &- back &- 1], new[newLast &- back &- 1]),
                        Self.isUnchanged(old[oldLast &- back &- 2], new[newLast &- back &- 2]),
                        Self.isUnchanged(old[oldLast &- back &- 3], new[newLast &- back &- 3])
                    {
                        back &+= 4
                    }
                    guard back < rest, old[oldLast &- back].id == new[newLast &- back].id else { break }
                    if old[oldLast &- back] != new[newLast &- back] { endUpdates.append(newLast &- back) }
                    back &+= 1
                }
            }
        }
        let oldEnd = old.count - back
        let newEnd = new.count - back
        if oldEnd == start {
            changes.insertions = Array(start..<newEnd)
        } else if newEnd == start {
            changes.deletions = Array(start..<oldEnd)
        } else if !matchMiddleByEdits(old: start..<oldEnd, new: start..<newEnd, into: &changes) {
            if Swift.max(oldEnd, newEnd) < Int(Int32.max) {
                matchMiddleByID(old: start..<oldEnd, new: start..<newEnd, slot: Int32.self, into: &changes)
            } else {
                matchMiddleByID(old: start..<oldEnd, new: start..<newEnd, slot: Int.self, into: &changes)
            }
        }
        changes.updates.append(contentsOf: endUpdates.reversed())
        return changes
    }

    /// Whether two rows are the same row (one ID), unchanged (equal by the row's `==`).
    @inlinable
    @inline(__always)
    static func isUnchanged(_ old: Row, _ new: Row) -> Bool {
        old.id == new.id && old == new
    }

    /// Whether two arrays are the same storage: then nothing changed, found in O(1).
    @inlinable
    static func shareStorage(_ lhs: [Row], _ rhs: [Row]) -> Bool {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress && left.count == right.count }
        }
    }
}
