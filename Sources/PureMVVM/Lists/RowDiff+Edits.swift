extension RowDiff {
    /// Matches the rows between the common ends by the fewest deletions and insertions of IDs (Myers' greedy
    /// algorithm), when they are few: a deleted and an inserted row with the same ID are a move, every other row
    /// kept stays in order.
    ///
    /// Step d keeps the furthest point reached on each of its d + 1 diagonals; with unique IDs, the rows compared
    /// along the diagonals add up to about n + m, so d edits cost O(n + m + d²). Gives up, changing nothing, when
    /// the points kept pass about one per row (``editBudget(rows:)``) or the rows compared two, or earlier, at step
    /// 8, 16, 32 and so on, when the pace since the step before says the edits will: then little is wasted before
    /// the match by ID, also when the edits crowd after a long stretch of rows matched.
    ///
    /// - Returns: `false` when it gave up; the caller then matches the rows by ID.
    @inlinable
    func matchMiddleByEdits(old oldRange: Range<Int>, new newRange: Range<Int>, into changes: inout RowChanges) -> Bool
    {
        let oldCount = oldRange.count
        let newCount = newRange.count
        let rows = oldCount + newCount
        guard rows < Int(Int32.max) / 2 else { return false }
        // The furthest x reached on each diagonal k = x - y of each step d, from k = -d to d by 2 (the point of
        // diagonal k is at index (k + d) / 2 of its step), step d's points starting at d(d + 1) / 2; -1 where no
        // path of d edits reaches the diagonal inside the lists. Allocated for the most points kept and left
        // uninitialised: the memory a short walk never touches costs nothing.
        let budget = Self.editBudget(rows: rows)
        let furthest = UnsafeMutablePointer<Int32>.allocate(capacity: budget + 1)
        defer { furthest.deallocate() }
        var edits = -1
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                guard let oldStart = old.baseAddress, let newStart = new.baseAddress else { return }
                let a = oldStart + oldRange.lowerBound
                let b = newStart + newRange.lowerBound
                var work = 0  // rows compared along the diagonals
                var step = 0
                var kept = 0  // the points of the steps before this one
                var reached = 0  // the most x + y of any point so far
                var checkpoint = (step: 0, reached: 0)
                while kept &+ step < budget, work <= 2 &* budget {
                    if step == Swift.max(8, 2 &* checkpoint.step) {
                        // Since the last checkpoint, its steps came `pace` rows further along the lists: at that
                        // pace the rest takes (rows - reached) / pace times as many steps again. Give up early when
                        // the points of all the steps would pass twice the budget (the pace is rough: 8 steps of 80
                        // evenly spread edits make about 92).
                        let pace = Swift.max(reached &- checkpoint.reached, 1)
                        let estimate = step &+ (rows &- reached) &* (step &- checkpoint.step) / pace
                        if estimate >= Int(Int32.max) || estimate &* estimate / 2 > 2 &* budget { return }
                        checkpoint = (step, reached)
                    }
                    let previous = furthest + (kept &- step)
                    let current = furthest + kept
                    for index in 0...step {
                        let diagonal = 2 &* index &- step
                        var x = 0
                        if step > 0 {
                            guard
                                let start = Self.stepStart(
                                    index, step: step, previous: previous, oldCount: oldCount, newCount: newCount)
                            else {
                                current[index] = -1
                                continue
                            }
                            x = start.x
                        }
                        var y = x &- diagonal
                        let from = x
                        while x < oldCount, y < newCount, a[x].id == b[y].id {
                            x &+= 1
                            y &+= 1
                        }
                        work &+= x &- from
                        reached = Swift.max(reached, x &+ y)
                        current[index] = Int32(truncatingIfNeeded: x)
                        if x == oldCount, y == newCount {
                            edits = step
                            return
                        }
                    }
                    kept &+= step &+ 1
                    step &+= 1
                }
            }
        }
        guard edits >= 0 else { return false }
        collectEdits(edits, furthest, old: oldRange, new: newRange, into: &changes)
        return true
    }

    /// The most points the edits may keep before the rows are matched by ID instead: about one per row, so the
    /// points stay under one 32-bit integer per row, and giving up late wastes about what the match by ID then
    /// costs (two hashes a row).
    @inlinable
    static func editBudget(rows: Int) -> Int {
        rows + 64
    }

    /// Where step `step` starts on the diagonal at `index` (diagonal 2 · index - step): one insertion from the
    /// furthest point of the diagonal above, or one deletion from that of the diagonal below, whichever reaches
    /// further (the insertion on a tie), inside the lists; `nil` when neither is.
    ///
    /// - Parameter previous: Step - 1's points.
    @inlinable
    @inline(__always)
    static func stepStart(
        _ index: Int, step: Int, previous: UnsafePointer<Int32>, oldCount: Int, newCount: Int
    ) -> (x: Int, down: Bool)? {
        let diagonal = 2 &* index &- step
        let down = index < step ? Int(previous[index]) : -1
        let right = index > 0 ? Int(previous[index &- 1]) : -1
        let downInside = down >= 0 && down &- diagonal <= newCount
        let rightInside = right >= 0 && right < oldCount
        if downInside, !rightInside || down > right { return (down, true) }
        if rightInside { return (right &+ 1, false) }
        return nil
    }

    /// Walks the edits back from the lists' ends: the deletions, the insertions, and the rows matched on the way,
    /// compared for updates; then pairs a deletion and an insertion of one ID into a move.
    @inlinable
    func collectEdits(
        _ edits: Int, _ furthest: UnsafeMutablePointer<Int32>, old oldRange: Range<Int>, new newRange: Range<Int>,
        into changes: inout RowChanges
    ) {
        let oldBase = oldRange.lowerBound
        let newBase = newRange.lowerBound
        var deletions: [Int] = []
        var insertions: [Int] = []
        var updates: [Int] = []  // walking back: descending
        var x = oldRange.count
        var y = newRange.count
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for step in stride(from: edits, to: 0, by: -1) {
                    let index = (x - y + step) / 2
                    let previous = UnsafePointer(furthest + step * (step - 1) / 2)
                    guard
                        let start = Self.stepStart(
                            index, step: step, previous: previous, oldCount: oldRange.count, newCount: newRange.count)
                    else { preconditionFailure("RowDiff: an edit path leads nowhere") }
                    // The edit came from the diagonal above (an insertion) or below (a deletion).
                    let fromX = Int(previous[start.down ? index : index - 1])
                    let fromY = fromX - (2 * (start.down ? index : index - 1) - (step - 1))
                    // The rows matched after this step's edit.
                    while x > start.x {
                        x -= 1
                        y -= 1
                        if old[oldBase + x] != new[newBase + y] { updates.append(newBase + y) }
                    }
                    if start.down { insertions.append(newBase + fromY) } else { deletions.append(oldBase + fromX) }
                    x = fromX
                    y = fromY
                }
                while x > 0 {
                    x -= 1
                    y -= 1
                    if old[oldBase + x] != new[newBase + y] { updates.append(newBase + y) }
                }
            }
        }
        deletions.reverse()
        insertions.reverse()
        updates.reverse()
        pairMoves(deletions: deletions, insertions: insertions, updates: updates, into: &changes)
    }

    /// Turns each deletion and insertion of one ID into a move (compared for an update), and adds the rest.
    ///
    /// - Parameters:
    ///   - deletions: Old indexes, ascending.
    ///   - insertions: New indexes, ascending.
    ///   - updates: New indexes of the rows kept in order whose value changed, ascending.
    @inlinable
    func pairMoves(deletions: [Int], insertions: [Int], updates: [Int], into changes: inout RowChanges) {
        guard !deletions.isEmpty, !insertions.isEmpty else {
            changes.deletions += deletions
            changes.insertions += insertions
            changes.updates += updates
            return
        }
        // The deletion each inserted ID matches, if any: by walking the deletions when there are few, else through
        // a dictionary of the deleted IDs (these are the edits, not the rows: a few).
        var moveFrom = [Int](repeating: -1, count: insertions.count)
        var deletedTaken = [Bool](repeating: false, count: deletions.count)
        if deletions.count * insertions.count <= 1_024 {
            for (place, index) in insertions.enumerated() {
                let id = new[index].id
                if let found = deletions.indices.first(where: { !deletedTaken[$0] && old[deletions[$0]].id == id }) {
                    deletedTaken[found] = true
                    moveFrom[place] = found
                }
            }
        } else {
            var deletionOfID: [Row.ID: Int] = [:]
            deletionOfID.reserveCapacity(deletions.count)
            for (place, index) in deletions.enumerated() { deletionOfID[old[index].id] = place }
            for (place, index) in insertions.enumerated() {
                if let found = deletionOfID[new[index].id], !deletedTaken[found] {
                    deletedTaken[found] = true
                    moveFrom[place] = found
                }
            }
        }
        var movedUpdates: [Int] = []
        for (place, index) in insertions.enumerated() {
            guard moveFrom[place] >= 0 else {
                changes.insertions.append(index)
                continue
            }
            let from = deletions[moveFrom[place]]
            changes.moves.append(RowChanges.Move(from: from, to: index))
            if old[from] != new[index] { movedUpdates.append(index) }
        }
        for (place, index) in deletions.enumerated() where !deletedTaken[place] { changes.deletions.append(index) }
        changes.updates += movedUpdates.isEmpty ? updates : (updates + movedUpdates).sorted()
    }
}
