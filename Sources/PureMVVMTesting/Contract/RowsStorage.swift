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
/// text): such rows go on to the property comparison. This is the one place the testing library reads raw bytes:
/// without it, a send that changes no row cost a property-by-property comparison of every row, twice (the figures
/// are in the Performance article).
protocol RowsStorage {
    /// The positions whose rows may differ from `old`'s, by their bytes; `nil` when `old` is not of this type or
    /// has another number of rows.
    func positionsWhoseBytesDiffer(from old: Any) -> [Int]?

    /// The positions of the rows that changed since `old`'s, by the tester's reckoning (stored properties, or for a
    /// row type the tester cannot take apart the rows' own `==`), when the rows have the same IDs in the same
    /// order; `nil` when they may not (another number of rows, or another ID where the bytes differ), or when `old`
    /// is not of this type.
    func changedPositionsKeepingOrder(from old: Any) -> [Int]?

    /// For each pair of positions, an old row's and a new row's, whether the two rows have the same bytes; `nil`
    /// when `old` is not of this type.
    func haveSameBytes(as old: Any, at pairs: [(old: Int, new: Int)]) -> [Bool]?

    /// The rows at `positions`, in that order.
    func rows(at positions: [Int]) -> [Any]
}

extension Rows: RowsStorage {
    func positionsWhoseBytesDiffer(from old: Any) -> [Int]? {
        guard let old = old as? Self, old.count == count else { return nil }
        let count = count
        let differing = withContiguousStorageIfAvailable { new in
            old.withContiguousStorageIfAvailable { old -> [Int] in
                guard let before = UnsafeRawPointer(old.baseAddress), let after = UnsafeRawPointer(new.baseAddress)
                else { return [] }  // no rows
                if before == after { return [] }  // one buffer: the same rows
                return Self.positionsWhoseBytesDiffer(before, after, count: count)
            }
        }
        return differing ?? nil
    }

    func haveSameBytes(as old: Any, at pairs: [(old: Int, new: Int)]) -> [Bool]? {
        guard let old = old as? Self else { return nil }
        let same = withContiguousStorageIfAvailable { new in
            old.withContiguousStorageIfAvailable { old -> [Bool] in
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
        return same ?? nil
    }

    func rows(at positions: [Int]) -> [Any] {
        positions.map { self[$0] }
    }

    func changedPositionsKeepingOrder(from old: Any) -> [Int]? {
        guard let old = old as? Self, let differing = positionsWhoseBytesDiffer(from: old) else { return nil }
        guard let first = differing.first else { return [] }
        let comparison = RowComparison.for(sample: self[first])
        var changed: [Int] = []
        for position in differing {
            let before = old[position]
            let after = self[position]
            guard before.id == after.id else { return nil }
            if let isChanged = comparison.isChanged(before, after) {
                if isChanged { changed.append(position) }
            } else if before != after {
                changed.append(position)
            }
        }
        return changed
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
