import PureMVVM
import TestSupport
import XCTest

/// An ID that counts how often it is hashed, so a test can tell which way a diff matched the rows.
struct CountedID: Hashable, Sendable {
    nonisolated(unsafe) static var hashes = 0
    let value: Int

    func hash(into hasher: inout Hasher) {
        Self.hashes += 1
        hasher.combine(value)
    }
}

/// A row with a ``CountedID``.
struct CountedRow: Identifiable, Equatable, Sendable {
    let id: CountedID
    var value = 0

    init(_ id: Int, value: Int = 0) {
        self.id = CountedID(value: id)
        self.value = value
    }
}

/// The three ways `Rows.changes(since:)` matches rows (in place at the common ends, by the fewest edits when they
/// are few, by ID through a hash table otherwise), each checked for what it hashes and for the fewest moves.
final class RowDiffPathsTests: GuardedTestCase {
    private func rows(_ ids: [Int], changed: Set<Int> = []) -> Rows<CountedRow> {
        Rows(ids.map { CountedRow($0, value: changed.contains($0) ? 1 : 0) })
    }

    /// The changes, with the IDs hashed while finding them (not while making the rows).
    private func changes(_ new: Rows<CountedRow>, since old: Rows<CountedRow>) -> (RowChanges, hashes: Int) {
        CountedID.hashes = 0
        let changes = new.changes(since: old)
        return (changes, CountedID.hashes)
    }

    func testFewEditsHashNoID() {
        let ids = Array(0..<1_000)
        let window = changes(rows(Array(ids.dropFirst()) + [1_000]), since: rows(ids))
        XCTAssertEqual(window.0, RowChanges(deletions: [0], insertions: [999]))
        XCTAssertEqual(window.hashes, 0, "a window slid by one")
        var moved = ids
        moved.insert(moved.remove(at: 900), at: 10)
        let move = changes(rows(moved, changed: [900]), since: rows(ids))
        XCTAssertEqual(move.0, RowChanges(moves: [RowChanges.Move(from: 900, to: 10)], updates: [10]))
        XCTAssertEqual(move.hashes, 0, "a row moved, and changed")
        var scattered = ids.filter { $0 % 100 != 50 }
        for id in stride(from: 2_000, to: 2_010, by: 1) { scattered.insert(id, at: (id - 2_000) * 97) }
        let few = changes(rows(scattered, changed: [3, 333]), since: rows(ids))
        XCTAssertEqual(few.0.deletions, Array(stride(from: 50, to: 1_000, by: 100)))
        XCTAssertEqual(few.0.insertions.count, 10)
        XCTAssertEqual(few.0.updates.map { scattered[$0] }, [3, 333])
        XCTAssertEqual(few.hashes, 0, "ten deletions and ten insertions among 1,000 rows")
    }

    func testManyEditsHashEachIDBetweenTheCommonEndsOnce() {
        let old = rows([-1] + Array(0..<300) + [-2])
        let new = rows([-1] + Array(1_000..<1_300).reversed() + [-2])
        let (changes, hashes) = changes(new, since: old)
        XCTAssertEqual(changes, RowChanges(deletions: Array(1...300), insertions: Array(1...300)))
        XCTAssertEqual(hashes, 600, "each ID between the common ends, old and new, once")
    }

    func testManyMovesAreTheFewestPossible() {
        var generator = SeededGenerator(seed: 32)
        for round in 0..<40 {
            let oldIDs = Array(0..<300)
            // Most rows kept, in a shuffled order here and there; some deleted, some inserted, some changed.
            var newIDs = oldIDs.filter { _ in Int.random(in: 0..<10, using: &generator) > 0 }
            for _ in 0..<Int.random(in: 20...120, using: &generator) {
                let from = Int.random(in: 0..<newIDs.count, using: &generator)
                newIDs.insert(newIDs.remove(at: from), at: Int.random(in: 0..<newIDs.count, using: &generator))
            }
            for id in 300..<(300 + Int.random(in: 0...30, using: &generator)) {
                newIDs.insert(id, at: Int.random(in: 0...newIDs.count, using: &generator))
            }
            let changed = Set(newIDs.filter { _ in Int.random(in: 0..<5, using: &generator) == 0 })
            let old = rows(oldIDs)
            let new = rows(newIDs, changed: changed)
            let (found, hashes) = changes(new, since: old)
            assertApplying(found, to: old, gives: new)
            XCTAssertEqual(found.moves.count, fewestMoves(from: oldIDs, to: newIDs), "round \(round)")
            XCTAssertGreaterThan(hashes, 0, "round \(round): these many edits are matched by ID")
        }
    }

    func testAFewMovesAmongManyRowsArePairedByID() {
        // 40 rows moved among 2,000, one in every 50 by 20 places: 80 edits, few enough to walk, many enough to
        // pair moves through a dictionary.
        let ids = Array(0..<2_000)
        var moved = ids
        for block in 0..<40 { moved.insert(moved.remove(at: block * 50 + 25), at: block * 50 + 5) }
        let old = rows(ids)
        let new = rows(moved, changed: [1_020])
        let (found, hashes) = changes(new, since: old)
        XCTAssertEqual(found.moves.count, 40)
        XCTAssertEqual(found.deletions + found.insertions, [])
        XCTAssertEqual(found.updates, [moved.firstIndex(of: 1_020)].compactMap { $0 })
        XCTAssertEqual(hashes, 80, "the moved rows' IDs, once on each side")
        assertApplying(found, to: old, gives: new)
    }

    /// Inserting a row past the end stops the program with a message naming the index and the range it must be in
    /// (in a child process, `TestProbe`, which it ends), not the array's own.
    func testInsertingARowPastTheEndStopsTheProgramNamingTheRange() throws {
        let probe = try TestProbe.run("rows-insert-out-of-range", environment: ["SWIFT_BACKTRACE": "enable=no"])
        XCTAssertNotNil(probe.signal, "\(probe)")
        XCTAssertTrue(probe.errors.contains("Rows.insert(_:at:): index 3 is not in 0...2"), probe.errors)
    }

    /// Two old rows, or two new rows, with one ID stop the program, naming it; shown in a child process
    /// (`TestProbe`), which it ends. In a debug build, making the rows stops it; otherwise the diff does, for the
    /// rows it matches by ID (an ID computed from state that changed).
    func testRowsWithAnIDTwiceStopTheProgramNamingIt() throws {
        let made = try TestProbe.run("rows-duplicate-id", environment: ["SWIFT_BACKTRACE": "enable=no"])
        XCTAssertNotNil(made.signal, "\(made)")
        XCTAssertTrue(
            made.errors.contains("Rows<ShiftingRow>: two rows have the ID 4 (at 0 and 2); every row needs an ID"),
            made.errors)
        for (scenario, id, positions) in [
            ("rows-diff-duplicate-id", 0, "0 and 1"), ("rows-diff-duplicate-new-id", 99, "0 and 1"),
        ] {
            let diffed = try TestProbe.run(scenario, environment: ["SWIFT_BACKTRACE": "enable=no"])
            XCTAssertNotNil(diffed.signal, "\(scenario): \(diffed)")
            XCTAssertTrue(
                diffed.errors.contains(
                    "Rows<ShiftingRow>: two rows have the ID \(id) (at \(positions)); every row needs an ID"),
                "\(scenario): \(diffed.errors)")
        }
    }

    /// Applies the changes as UIKit's batch updates do and checks the result, and the updates, against the rows.
    private func assertApplying(
        _ changes: RowChanges, to old: Rows<CountedRow>, gives new: Rows<CountedRow>, line: UInt = #line
    ) {
        let oldIDs = old.map(\.id)
        let leaving = Set(changes.deletions + changes.moves.map(\.from))
        var staying = oldIDs.indices.filter { !leaving.contains($0) }.map { oldIDs[$0] }[...]
        var result = [CountedID?](repeating: nil, count: new.count)
        for index in changes.insertions { result[index] = new[index].id }
        for move in changes.moves { result[move.to] = oldIDs[move.from] }
        for index in result.indices where result[index] == nil { result[index] = staying.popFirst() }
        XCTAssertTrue(staying.isEmpty, "rows left over", line: line)
        XCTAssertEqual(result.compactMap { $0 }, new.map(\.id), "applying \(changes)", line: line)
        let oldValue = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0.value) })
        let updated = new.indices.filter { index in
            oldValue[new[index].id].map { $0 != new[index].value } ?? false
        }
        XCTAssertEqual(changes.updates, updated, line: line)
    }

    /// The fewest moves, worked out the slow way: the rows kept, less a longest increasing run of their old
    /// positions (O(n²) dynamic programming).
    private func fewestMoves(from oldIDs: [Int], to newIDs: [Int]) -> Int {
        let position = Dictionary(uniqueKeysWithValues: oldIDs.enumerated().map { ($1, $0) })
        let kept = newIDs.compactMap { position[$0] }
        var longest = [Int](repeating: 1, count: kept.count)
        for i in kept.indices {
            for j in 0..<i where kept[j] < kept[i] { longest[i] = max(longest[i], longest[j] + 1) }
        }
        return kept.count - (longest.max() ?? 0)
    }
}
