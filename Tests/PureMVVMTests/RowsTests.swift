import PureMVVM
import TestSupport
import XCTest

/// A row of the tests: an ID and a value.
struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: Int
    var value = ""

    var description: String { value.isEmpty ? "\(id)" : "\(id):\(value)" }
}

final class RowsTests: GuardedTestCase {
    func testRowsKeepTheirOrderAndAreFoundByID() {
        var rows: Rows<Item> = [Item(id: 3), Item(id: 1), Item(id: 2)]
        XCTAssertEqual(rows.map(\.id), [3, 1, 2])
        XCTAssertEqual(rows.index(forID: 1), 1)
        XCTAssertNil(rows.index(forID: 9))
        XCTAssertEqual(rows[id: 2], Item(id: 2))
        XCTAssertTrue(rows.contains(id: 3))
        XCTAssertFalse(rows.contains(id: 4))

        rows.append(Item(id: 4))
        rows.insert(Item(id: 0), at: 0)
        rows.append(contentsOf: [Item(id: 5)])
        rows.insert(Item(id: 6), at: rows.count)  // `count` is the end
        XCTAssertEqual(rows.map(\.id), [0, 3, 1, 2, 4, 5, 6])
        XCTAssertEqual(rows.remove(id: 1), Item(id: 1))
        XCTAssertNil(rows.remove(id: 1))
        XCTAssertFalse(rows.contains(id: 1))
        XCTAssertEqual(rows.remove(at: 0), Item(id: 0))
        XCTAssertEqual(rows.update(Item(id: 2, value: "two")), Item(id: 2))
        XCTAssertNil(rows.update(Item(id: 99, value: "none")), "no row has the ID: nothing changes")
        XCTAssertEqual(rows.map(\.description), ["3", "2:two", "4", "5", "6"])
        rows.removeAll()
        XCTAssertTrue(rows.isEmpty)
        rows.append(Item(id: 3))
        XCTAssertEqual(rows.count, 1, "a removed ID can come back")
    }

    func testMergeReplacesRowsWithAnIDAlreadyThereAndAppendsTheOthers() {
        var rows: Rows<Item> = [Item(id: 1), Item(id: 2)]
        rows.merge([Item(id: 2, value: "new"), Item(id: 3), Item(id: 3, value: "later"), Item(id: 4)])
        XCTAssertEqual(rows.map(\.description), ["1", "2:new", "3:later", "4"])
    }

    func testEqualityIsRowByRowInOrder() {
        XCTAssertEqual(Rows([Item(id: 1), Item(id: 2)]), [Item(id: 1), Item(id: 2)])
        XCTAssertNotEqual(Rows([Item(id: 1), Item(id: 2)]), [Item(id: 2), Item(id: 1)])
        XCTAssertNotEqual(Rows([Item(id: 1)]), [Item(id: 1, value: "x")])
    }

    func testADumpShowsTheRowsAlone() {
        let rows: Rows<Item> = [Item(id: 1), Item(id: 2)]
        XCTAssertEqual(Mirror(reflecting: rows).displayStyle, .collection)
        XCTAssertEqual(Mirror(reflecting: rows).children.map { "\($0.value)" }, ["1", "2"])
    }
}

/// Rows' diff, checked against what it must mean: applying it to the old rows' IDs gives the new ones, and the
/// updated rows are exactly those whose value changed.
final class RowChangesTests: GuardedTestCase {
    private func rows(_ ids: [Int], values: [Int: String] = [:]) -> Rows<Item> {
        Rows(ids.map { Item(id: $0, value: values[$0] ?? "") })
    }

    func testOneChangedRowAmong10000IsOneUpdate() {
        let old = rows(Array(0..<10_000))
        var new = old
        new.update(Item(id: 5_000, value: "changed"))
        XCTAssertEqual(new.changes(since: old), RowChanges(updates: [5_000]))
    }

    func testAnInsertAtTheFrontIsOneInsertionAndNoMove() {
        let old = rows(Array(0..<10_000))
        var new = old
        new.insert(Item(id: -1), at: 0)
        XCTAssertEqual(new.changes(since: old), RowChanges(insertions: [0]))
    }

    func testAPageAppendedIsItsInsertions() {
        let old = rows(Array(0..<1_000))
        var new = old
        new.append(contentsOf: (1_000..<1_020).map { Item(id: $0) })
        XCTAssertEqual(new.changes(since: old), RowChanges(insertions: Array(1_000..<1_020)))
    }

    func testDeletionsAreOldIndexesAndInsertionsNewIndexes() {
        let changes = rows([1, 9, 2, 3, 7, 4]).changes(since: rows([1, 2, 5, 3, 6, 4]))
        XCTAssertEqual(changes.deletions, [2, 4], "5 and 6, at their old indexes")
        XCTAssertEqual(changes.insertions, [1, 4], "9 and 7, at their new indexes")
        XCTAssertEqual(changes.moves, [])
        XCTAssertEqual(changes.updates, [])
    }

    func testOneRowMovedAnywhereIsOneMove() {
        let ids = Array(0..<50)
        for from in [0, 1, 24, 48, 49] {
            for to in [0, 1, 25, 48, 49] where to != from {
                var moved = ids
                moved.insert(moved.remove(at: from), at: to)
                let changes = rows(moved).changes(since: rows(ids))
                // Next to each other, moving one row down is moving the other up: either is one right move.
                let either = [RowChanges.Move(from: from, to: to), RowChanges.Move(from: to, to: from)]
                let expected = abs(from - to) == 1 ? either : [either[0]]
                XCTAssertEqual(changes.moves.count, 1, "from \(from) to \(to)")
                XCTAssertTrue(expected.contains(changes.moves[0]), "from \(from) to \(to): \(changes)")
                XCTAssertEqual(changes.deletions + changes.insertions + changes.updates, [])
            }
        }
    }

    func testASwapIsOneMove() {
        XCTAssertEqual(rows([2, 1, 3]).changes(since: rows([1, 2, 3])).moves.count, 1)
        XCTAssertEqual(rows([1, 5, 3, 4, 2]).changes(since: rows([1, 2, 3, 4, 5])).moves.count, 2)
        // 1 and 5 both travel two places, the row at the cursor and the row ahead of it alike; taking the row
        // ahead (5) as the move keeps 2, 3, 4 in order: two moves, where taking 1 first would make three.
        XCTAssertEqual(
            rows([2, 5, 1, 3, 4]).changes(since: rows([1, 2, 3, 4, 5])).moves,
            [RowChanges.Move(from: 4, to: 1), RowChanges.Move(from: 0, to: 2)])
    }

    func testAnUpdatedRowIsNamedAtItsNewIndexMovedOrNot() {
        let old = rows([1, 2, 3, 4])
        let new = rows([0, 4, 1, 2, 3], values: [4: "x", 2: "y"])
        let changes = new.changes(since: old)
        XCTAssertEqual(changes.insertions, [0])
        XCTAssertEqual(changes.moves, [RowChanges.Move(from: 3, to: 1)])
        XCTAssertEqual(changes.updates, [1, 3])
        assertApplying(changes, to: old, gives: new)
    }

    func testUpdatesAtBothEndsAndInTheMiddleAreInOrder() {
        let old = rows([1, 2, 3, 4, 5, 6])
        let new = rows([1, 2, 9, 4, 5, 6], values: [1: "a", 4: "b", 6: "c"])
        let changes = new.changes(since: old)
        XCTAssertEqual(changes.updates, [0, 3, 5])
        XCTAssertEqual(changes.deletions, [2])
        XCTAssertEqual(changes.insertions, [2])
    }

    func testTheSameRowsHaveNoChanges() {
        let old = rows(Array(0..<100))
        XCTAssertTrue(old.changes(since: old).isEmpty)
        XCTAssertTrue(rows(Array(0..<100)).changes(since: old).isEmpty, "equal rows in other storage")
        XCTAssertTrue(Rows<Item>().changes(since: Rows()).isEmpty)
        XCTAssertEqual(rows([]).changes(since: rows([1, 2])), RowChanges(deletions: [0, 1]))
        XCTAssertEqual(rows([1, 2]).changes(since: rows([])), RowChanges(insertions: [0, 1]))
    }

    func testRandomListsAgainstTheMeaningOfTheChanges() {
        var generator = SeededGenerator(seed: 20)
        for _ in 0..<300 {
            let oldIDs = Array((0..<30).shuffled(using: &generator).prefix(Int.random(in: 0...20, using: &generator)))
            var newIDs = oldIDs.filter { _ in Int.random(in: 0..<4, using: &generator) > 0 }
            for id in 30..<(30 + Int.random(in: 0...5, using: &generator)) {
                newIDs.insert(id, at: Int.random(in: 0...newIDs.count, using: &generator))
            }
            if newIDs.count > 1, Bool.random(using: &generator) { newIDs.swapAt(0, newIDs.count - 1) }
            let changed = Dictionary(
                uniqueKeysWithValues: newIDs.filter { _ in Bool.random(using: &generator) }.map {
                    ($0, "v")
                })
            let old = rows(oldIDs)
            let new = rows(newIDs, values: changed)
            assertApplying(new.changes(since: old), to: old, gives: new)
        }
    }

    func testTheDescriptionListsEachKindOfChange() {
        XCTAssertEqual(
            RowChanges(deletions: [3], insertions: [0], moves: [.init(from: 5, to: 2)], updates: [7]).description,
            "deleted [3], inserted [0], moved [5→2], updated [7]")
        XCTAssertEqual(RowChanges().description, "no row changed")
        XCTAssertEqual(RowChanges.fullReload.description, "full reload")
        XCTAssertFalse(RowChanges.fullReload.isEmpty)
    }

    /// Applies the changes as UIKit's batch updates do and checks the result, and the updates, against the rows.
    private func assertApplying(
        _ changes: RowChanges, to old: Rows<Item>, gives new: Rows<Item>, line: UInt = #line
    ) {
        let oldIDs = old.map(\.id)
        XCTAssertEqual(changes.deletions, changes.deletions.sorted(), "deletions ascending", line: line)
        XCTAssertEqual(changes.insertions, changes.insertions.sorted(), "insertions ascending", line: line)
        XCTAssertEqual(changes.updates, changes.updates.sorted(), "updates ascending", line: line)
        XCTAssertEqual(changes.moves.map(\.to), changes.moves.map(\.to).sorted(), "moves by new index", line: line)
        // The rows neither deleted nor moved keep their order; the inserted and moved ones go to their new places.
        let movedFrom = Set(changes.moves.map(\.from))
        var staying = oldIDs.indices.filter { !changes.deletions.contains($0) && !movedFrom.contains($0) }
            .map { oldIDs[$0] }[...]
        var result = [Int?](repeating: nil, count: new.count)
        for index in changes.insertions { result[index] = new[index].id }
        for move in changes.moves { result[move.to] = oldIDs[move.from] }
        for index in result.indices where result[index] == nil { result[index] = staying.popFirst() }
        XCTAssertTrue(staying.isEmpty, "rows left over: \(staying)", line: line)
        XCTAssertEqual(result.compactMap { $0 }, new.map(\.id), "applying \(changes) to \(oldIDs)", line: line)
        let updated = new.indices.filter { index in old[id: new[index].id].map { $0 != new[index] } ?? false }
        XCTAssertEqual(changes.updates, updated, line: line)
    }
}

/// A small deterministic generator, so a failing random case is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
