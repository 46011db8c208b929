internal import BenchKit

/// A row of the row-diff benchmarks: an ID and a value, as small as a row can be, so the figures are the diff's.
struct BenchRow: Identifiable, Equatable, Sendable {
    let id: Int
    var value: Int
}

/// One change of a list, before and after, and the rows a right diff redraws.
struct RowDiffScenario: Sendable {
    /// The id's part after `rows.`, such as `changed.10000`.
    let name: String
    /// What changes, for the row titles.
    let title: String
    /// The list before.
    let old: [BenchRow]
    /// The list after.
    let new: [BenchRow]
    /// The indexes in `new` of the rows a right diff names (inserted or updated), ascending.
    let redrawn: [Int]

    /// One row's value changed among 10,000 (the row in the middle).
    static let oneChanged: RowDiffScenario = {
        let old = rows(0..<10_000)
        var new = old
        new[5_000].value += 1
        return RowDiffScenario(
            name: "changed.10000", title: "one row changed among 10,000", old: old, new: new, redrawn: [5_000])
    }()

    /// A row inserted at the front of 10,000.
    static let insertedAtFront: RowDiffScenario = {
        let old = rows(0..<10_000)
        return RowDiffScenario(
            name: "front.10000", title: "a row inserted at the front of 10,000", old: old,
            new: [BenchRow(id: -1, value: -1)] + old, redrawn: [0])
    }()

    /// A page of 20 rows appended to 1,000.
    static let pageAppended: RowDiffScenario = {
        let old = rows(0..<1_000)
        return RowDiffScenario(
            name: "page.1000", title: "a page of 20 appended to 1,000", old: old, new: old + rows(1_000..<1_020),
            redrawn: Array(1_000..<1_020))
    }()

    static let all = [oneChanged, insertedAtFront, pageAppended]

    /// Rows whose IDs are `ids` and whose values are their IDs times 3.
    private static func rows(_ ids: Range<Int>) -> [BenchRow] {
        ids.map { BenchRow(id: $0, value: $0 &* 3) }
    }

    /// The outcome after a number of events: each event redraws `redrawn` (a diff) or every new row (a full
    /// reload), worked out from the scenario alone.
    func expected(events count: Int, redrawingAll: Bool) -> Outcome {
        var screen = RowScreen()
        for _ in 0..<count {
            for index in redrawingAll ? Array(new.indices) : redrawn { screen.draw(new[index], at: index) }
            screen.endFrame()
        }
        return screen.outcome
    }
}

/// Where the row-diff workloads draw: each drawn row folded into a checksum.
struct RowScreen {
    private var checksum = Checksum()
    private var frames = 0

    /// Draws a row at an index of the list.
    mutating func draw(_ row: BenchRow, at index: Int) {
        checksum.add(index)
        checksum.add(row.value)
    }

    /// Takes a deleted row out.
    mutating func delete(at index: Int) {
        checksum.add(-1 - index)
    }

    /// Ends one event's frame.
    mutating func endFrame() {
        frames += 1
    }

    var outcome: Outcome { Outcome(checksum: checksum.value, renders: frames) }
}
