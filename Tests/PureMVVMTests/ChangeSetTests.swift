import PureMVVM
import TestSupport
import XCTest

final class ChangeSetTests: GuardedTestCase {
    func testEmptySet() {
        let changes = ChangeSet<CounterOutputs>()
        XCTAssertTrue(changes.isEmpty)
        XCTAssertEqual(changes.count, 0)
        XCTAssertFalse(changes.contains(.count))
        XCTAssertEqual(Array(changes), [])
        XCTAssertEqual(changes.description, "[]")
    }

    func testInsertIsIdempotentAndIteratesInPositionOrder() {
        var changes: ChangeSet<CounterOutputs> = [.isEnabled, .count]
        changes.insert(.count)
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(Array(changes), [.count, .isEnabled])
        XCTAssertTrue(changes.contains(.isEnabled))
        XCTAssertFalse(changes.contains(.title))
        XCTAssertEqual(changes.description, "[count, isEnabled]")
    }

    func testAllHoldsEveryFieldOfTheOutputs() {
        XCTAssertEqual(Array(ChangeSet<CounterOutputs>.all), [.count, .title, .isEnabled])
        let wide = ChangeSet<WideOutputs>.all
        XCTAssertEqual(wide.count, 1000)
        XCTAssertEqual(wide.map(\.index), Array(0..<1000))
    }

    func testEqualityIsSetEquality() {
        XCTAssertEqual(ChangeSet<CounterOutputs>([.title, .count]), [.count, .title])
        XCTAssertNotEqual(ChangeSet<CounterOutputs>([.title]), [.count, .title])
    }

    func testUnion() {
        var changes: ChangeSet<CounterOutputs> = [.count]
        changes.formUnion([.title])
        XCTAssertEqual(changes, [.count, .title])
    }

    func testAUnionOfSetsThatShareFieldsHoldsEachFieldOnce() {
        var changes: ChangeSet<CounterOutputs> = [.count, .title]
        changes.formUnion([.title, .isEnabled])
        XCTAssertEqual(changes, [.count, .title, .isEnabled])
        XCTAssertEqual(changes.count, 3)
        changes.formUnion(changes)
        XCTAssertEqual(Array(changes), [.count, .title, .isEnabled], "a union with itself changes nothing")

        // Far positions shared between one, two and many inline or heap positions.
        for (first, second) in [
            ([64], [64]), ([64, 500], [500]), ([64, 500], [500, 64]), ([3, 64, 500, 700], [500, 700, 900]),
        ] {
            var union = ChangeSet<WideOutputs>(first.map(WideField.init))
            union.formUnion(ChangeSet(second.map(WideField.init)))
            let expected = Set(first + second).sorted()
            XCTAssertEqual(union.map(\.index), expected, "\(first) ∪ \(second)")
            XCTAssertEqual(union.count, expected.count, "\(first) ∪ \(second)")
            XCTAssertEqual(union, ChangeSet(expected.map(WideField.init)), "\(first) ∪ \(second)")
        }
    }

    func testPositionsPastOneWordKeepSetSemantics() {
        var changes = ChangeSet<WideOutputs>()
        for position in [999, 64, 3, 500, 64, 63, 700] {
            changes.insert(WideField(position))
        }
        XCTAssertEqual(changes.map(\.index), [3, 63, 64, 500, 700, 999])
        XCTAssertEqual(changes.count, 6)
        XCTAssertTrue(changes.contains(WideField(500)))
        XCTAssertFalse(changes.contains(WideField(501)))

        var reordered = ChangeSet<WideOutputs>()
        for position in [700, 999, 63, 3, 500, 64] {
            reordered.insert(WideField(position))
        }
        XCTAssertEqual(changes, reordered)
        XCTAssertEqual(changes.hashValue, reordered.hashValue)
    }

    func testOneOrTwoFarPositions() {
        var one = ChangeSet<WideOutputs>()
        one.insert(WideField(900))
        XCTAssertEqual(one.map(\.index), [900])
        var two = one
        two.insert(WideField(100))
        two.insert(WideField(900))
        XCTAssertEqual(two.map(\.index), [100, 900])
        XCTAssertNotEqual(one, two)
        var union = ChangeSet<WideOutputs>()
        union.formUnion(two)
        union.formUnion(one)
        XCTAssertEqual(union, two)
    }

    func testContainsWithExactlyTwoFarPositions() {
        var two = ChangeSet<WideOutputs>()
        two.insert(WideField(700))
        two.insert(WideField(64))
        XCTAssertEqual(two.count, 2)
        XCTAssertTrue(two.contains(WideField(64)), "the first of the two")
        XCTAssertTrue(two.contains(WideField(700)), "the second of the two")
        for absent in [0, 63, 65, 699, 701, 999] {
            XCTAssertFalse(two.contains(WideField(absent)), "\(absent)")
        }
    }
}
