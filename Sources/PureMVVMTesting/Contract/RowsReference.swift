internal import Foundation
import PureMVVM

/// The tester's own answer to "which rows changed", never the toolkit's diff nor the rows' `==`: rows matched by
/// ID through a dictionary, each pair compared stored property by stored property with each property's own `==`.
///
/// IDs are matched as numbers (`RowsStorage.idNumbers(since:)`): an old row's number is its position, and a new row
/// has the number of the old row with its ID, or one no old row has. Messages show the IDs themselves.
///
/// A row type the tester cannot take apart (an enum, or a property that is not `Equatable`) is compared with its
/// own `==` instead.
struct RowsReference {
    /// A row kept (same ID) whose value changed, or whose own `==` disagrees with its properties.
    struct Kept {
        /// Its ID's number.
        let id: Int
        /// Its index in the old rows and in the new rows.
        let old: Int
        let new: Int
        /// The properties that differ, as "status: .pending → .cancelled"; empty when none does.
        let differences: [String]
        /// What the row's own `==` says.
        let ownEquality: Bool
        /// Whether the tester could compare the properties (if not, `differences` follows `ownEquality`).
        let isTakenApart: Bool

        /// Whether the row changed, by the tester's reckoning.
        var changed: Bool { isTakenApart ? !differences.isEmpty : !ownEquality }
    }

    /// The old rows' IDs, as numbers: their positions.
    let oldIDs: [Int]
    /// The new rows' IDs, as numbers: an old row's number for a kept row, a number from `oldIDs.count` up for
    /// another.
    let newIDs: [Int]
    let deleted: Set<Int>
    let inserted: Set<Int>
    /// Every row kept, in new order.
    let kept: [Kept]
    /// The name of the row type, for messages.
    let rowTypeName: String
    /// The rows, for the IDs messages show.
    private let old: any RowsReflecting
    private let new: any RowsReflecting

    /// The rows among `rows` whose properties, each compared with its own `==`, did not change either. A row
    /// holding a NaN keeps its bytes, yet `Double`'s `==` says the property changed, and the toolkit's diff names
    /// the row updated: as for an output, a property's own `==` makes a reload that names it right. A row whose
    /// properties are all equal stays unchanged whatever the row's `==` says; one the tester cannot take apart is
    /// compared with the row's `==`.
    ///
    /// - Parameter rows: Kept rows that did not change by the tester's reckoning.
    /// - Returns: Those whose properties' own `==` agree.
    func unchangedByTheirPropertiesOwnEquality(_ rows: [Kept]) -> [Kept] {
        guard !rows.isEmpty else { return [] }
        let (before, after) = (old.reflectedRows, new.reflectedRows)
        let rowsType = type(of: new)
        return rows.filter { row in
            let (old, new) = (before[row.old], after[row.new])
            let comparison = RowComparison.for(sample: new)
            let isChanged = comparison.isChangedByItsOwnEquality(old, new) ?? !(rowsType.ownEquality(old, new) ?? true)
            return !isChanged
        }
    }

    /// Works out the rows' changes; `nil` when the two are not rows of one type.
    ///
    /// - Parameters:
    ///   - old: The rows before.
    ///   - new: The rows after.
    ///   - comparingEveryRow: Whether rows with the same bytes are compared too, for what their own `==` says of
    ///     them (a failure's explanation); by default they are taken as unchanged, which they are.
    init?(old: any RowsStorage, new: any RowsStorage, comparingEveryRow: Bool = false) {
        guard let numbers = new.idNumbers(since: old) else { return nil }
        self.old = old
        self.new = new
        oldIDs = numbers.old
        newIDs = numbers.new
        rowTypeName = "\(type(of: new).reflectedRowType)"
        let oldCount = oldIDs.count
        var isKept = [Bool](repeating: false, count: oldCount)
        var pairs: [(old: Int, new: Int)] = []
        var inserted = Set<Int>()
        for (newIndex, id) in newIDs.enumerated() {
            if id < oldCount {
                isKept[id] = true
                pairs.append((id, newIndex))
            } else {
                inserted.insert(id)
            }
        }
        self.inserted = inserted
        deleted = Set(oldIDs.filter { !isKept[$0] })
        // A kept row with the same bytes as before is the same value (see `RowsStorage`): only the others are
        // compared, property by property and with their own `==`.
        let same = comparingEveryRow ? nil : new.haveSameBytes(as: old, at: pairs)
        let compared = pairs.indices.filter { !(same?[$0] ?? false) }
        let oldRows = old.rows(at: compared.map { pairs[$0].old })
        let newRows = new.rows(at: compared.map { pairs[$0].new })
        let rowsType = type(of: new)
        // Rows of a class may be of its subclasses: each row is taken apart as the type it is.
        var comparison: (type: ObjectIdentifier, comparison: RowComparison)?
        var kept: [Kept] = []
        kept.reserveCapacity(pairs.count)
        var next = 0  // the next of the compared rows
        for (index, pair) in pairs.enumerated() {
            let id = newIDs[pair.new]
            guard !(same?[index] ?? false) else {
                kept.append(
                    Kept(id: id, old: pair.old, new: pair.new, differences: [], ownEquality: true, isTakenApart: true))
                continue
            }
            let before = oldRows[next]
            let after = newRows[next]
            next += 1
            let rowType = ObjectIdentifier(type(of: after))
            let rowComparison: RowComparison
            if let comparison, comparison.type == rowType {
                rowComparison = comparison.comparison
            } else {
                rowComparison = RowComparison.for(sample: after)
                comparison = (rowType, rowComparison)
            }
            let own = rowsType.ownEquality(before, after) ?? true
            let differences = rowComparison.differences(before, after)
            kept.append(
                Kept(
                    id: id, old: pair.old, new: pair.new, differences: differences ?? [], ownEquality: own,
                    isTakenApart: differences != nil))
        }
        self.kept = kept
    }

    /// What changed, on one line: "the row with ID 2: status: "open" → "closed"; inserted the rows with IDs [4]".
    var summary: String {
        var parts: [String] = []
        let changed = kept.filter(\.changed)
        parts += changed.prefix(3).map { row in
            "the row with ID \(describe(row.id)): "
                + (row.differences.isEmpty ? "changed by its own ==" : row.differences.joined(separator: ", "))
        }
        if changed.count > 3 { parts.append("\(changed.count - 3) more rows changed") }
        let inOrder = { (ids: [Int]) in ids.filter { !self.deleted.contains($0) && !self.inserted.contains($0) } }
        if !deleted.isEmpty { parts.append("deleted the rows with IDs \(list(oldIDs.filter(deleted.contains)))") }
        if !inserted.isEmpty {
            parts.append("inserted the rows with IDs \(list(newIDs.filter(inserted.contains)))")
        }
        if inOrder(oldIDs) != inOrder(newIDs) { parts.append("moved rows") }
        return parts.isEmpty ? "no row changed" : parts.joined(separator: "; ")
    }

    /// IDs for messages, the first 10.
    ///
    /// - Parameter ids: IDs, as numbers.
    func list(_ ids: [Int]) -> String {
        "[" + ids.prefix(10).map(describe).joined(separator: ", ") + (ids.count > 10 ? ", …" : "") + "]"
    }

    /// Whether the rows are the same, by the tester's reckoning.
    var isEqual: Bool { oldIDs == newIDs && !kept.contains(where: \.changed) }

    /// The rows kept whose own `==` hides a change (says equal, though a property differs) or makes one up (says
    /// unequal, though every property is equal).
    var ownEqualitySlips: [Kept] { kept.filter { $0.isTakenApart && $0.ownEquality == $0.changed } }

    /// A row's ID as messages write it.
    ///
    /// - Parameter id: The ID's number: an old row's position, or `oldIDs.count` plus a new row's.
    func describe(_ id: Int) -> String {
        let oldCount = oldIDs.count
        let value = id < oldCount ? old.reflectedIDs[id] : new.reflectedIDs[id - oldCount]
        return ValueDump(value.base).singleLine
    }

    /// What the rows' `==` got wrong and how to fix it, for the first row whose `==` hides a change or makes one
    /// up; `nil` when the rows' `==` agrees with their properties.
    var ownEqualitySlip: (explanation: String, fix: String)? {
        guard let slip = ownEqualitySlips.first else { return nil }
        let row = "the row with ID \(describe(slip.id))"
        if slip.ownEquality {
            let names = slip.differences.compactMap { $0.split(separator: ":").first.map { "`\($0)`" } }
            return (
                "\(rowTypeName)'s == says \(row) did not change, though \(slip.differences.joined(separator: ", "))",
                "make \(rowTypeName)'s == compare \(names.joined(separator: " and ")), or let Swift synthesise it."
            )
        }
        return (
            "\(rowTypeName)'s == says \(row) changed, though every stored property is equal",
            "make \(rowTypeName)'s == compare its stored properties and nothing else, or let Swift synthesise it."
        )
    }
}

/// Compares two rows of one type property by property; built once per row type.
final class RowComparison: @unchecked Sendable {
    /// The properties that differ, each as "name: old → new"; `nil` when the type cannot be taken apart.
    let differences: (Any, Any) -> [String]?
    /// Whether some property differs, without describing it; `nil` when the type cannot be taken apart.
    let isChanged: (Any, Any) -> Bool?
    /// ``isChanged`` for two rows where they lie, given their addresses, for a struct whose every stored property
    /// is compared in place (``InPlaceComparison``); `nil` for other row types. It needs neither a copy of the rows
    /// nor a box for each.
    let isChangedWhereTheyLie: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?
    /// Whether some property differs by its own `==` alone, whatever its bytes (a NaN differs from itself); `nil`
    /// when the type cannot be taken apart.
    let isChangedByItsOwnEquality: (Any, Any) -> Bool?

    private init(
        differences: @escaping (Any, Any) -> [String]?, isChanged: @escaping (Any, Any) -> Bool?,
        isChangedWhereTheyLie: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)? = nil,
        isChangedByItsOwnEquality: @escaping (Any, Any) -> Bool? = { _, _ in nil }
    ) {
        self.differences = differences
        self.isChanged = isChanged
        self.isChangedWhereTheyLie = isChangedWhereTheyLie
        self.isChangedByItsOwnEquality = isChangedByItsOwnEquality
    }

    /// The comparison for rows of `sample`'s type.
    static func `for`(sample: Any) -> RowComparison {
        let key = ObjectIdentifier(type(of: sample))
        if let cached = cache.withLock({ $0[key] }) { return cached }
        func make<Row>(_ row: Row) -> RowComparison { build(sample: row) }
        let comparison = make(sample)  // Swift 6 opens the `Any` to the row's own type
        cache.withLock { $0[key] = comparison }
        return comparison
    }

    /// The comparison for rows of type `Row`, looked up without boxing a row: `sample` is read only when the type
    /// is met for the first time. Only a comparison of rows in place is kept under `Row`: only a struct's rows are
    /// compared in place, and a struct is the type of every row, where a class's rows may be of its subclasses.
    ///
    /// - Parameters:
    ///   - rowType: The rows' type.
    ///   - sample: A row, read when no comparison of `Row` is kept yet.
    /// - Returns: The comparison.
    static func `for`<Row>(_ rowType: Row.Type, sample: @autoclosure () -> Row) -> RowComparison {
        let key = ObjectIdentifier(rowType)
        if let cached = inPlaceCache.withLock({ $0[key] }) { return cached }
        let row = sample()
        let comparison = self.for(sample: row)
        if comparison.isChangedWhereTheyLie != nil {
            inPlaceCache.withLock { $0[key] = comparison }
        }
        return comparison
    }

    private static let cache = Locked<[ObjectIdentifier: RowComparison]>([:])
    private static let inPlaceCache = Locked<[ObjectIdentifier: RowComparison]>([:])

    private static func build<Row>(sample: Row) -> RowComparison {
        let style = Mirror(reflecting: sample).displayStyle
        let properties = StoredProperties.of(Row.self, sample: sample)
        guard style == .struct || style == .class, !properties.isEmpty, properties.allSatisfy({ $0.isEqual != nil })
        else { return RowComparison(differences: { _, _ in nil }, isChanged: { _, _ in nil }) }
        let inPlace = properties.compactMap(\.inPlace)
        return RowComparison(
            differences: { lhs, rhs in
                guard let lhs = lhs as? Row, let rhs = rhs as? Row else { return nil }
                var differences: [String] = []
                for property in properties {
                    guard let equal = property.isEqual?(lhs, rhs) else { return nil }
                    if !equal {
                        let name = property.label ?? "?"
                        differences.append(
                            "\(name): \(ValueDump(property.value(lhs)).singleLine) → \(ValueDump(property.value(rhs)).singleLine)"
                        )
                    }
                }
                return differences
            },
            isChanged: { lhs, rhs in
                guard let lhs = lhs as? Row, let rhs = rhs as? Row else { return nil }
                var changed = false
                for property in properties {
                    // Every property is compared: one that cannot be makes the row one the tester cannot take apart.
                    guard let equal = property.isEqual?(lhs, rhs) else { return nil }
                    if !equal { changed = true }
                }
                return changed
            },
            isChangedWhereTheyLie: inPlace.count == properties.count
                ? { old, new in inPlace.contains { !$0.isEqual(old, new) } } : nil,
            isChangedByItsOwnEquality: { lhs, rhs in
                guard let lhs = lhs as? Row, let rhs = rhs as? Row else { return nil }
                return withUnsafePointer(to: lhs) { old in
                    withUnsafePointer(to: rhs) { new in
                        properties.contains { property in
                            // A property read in place is compared by its bytes first; here by `==` alone.
                            guard let inPlace = property.inPlace else {
                                return property.isEqual?(old.pointee, new.pointee) == false
                            }
                            return !inPlace.isEqualByItsOwnEquality(old, new)
                        }
                    }
                }
            })
    }
}
