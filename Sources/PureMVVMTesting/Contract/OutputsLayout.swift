internal import Foundation
import PureMVVM

/// How an outputs type is taken apart so the tester can tell which outputs changed without asking the ViewModel:
/// its stored properties, the `Field` case each stands for (matched by name), and how each is compared (its own
/// type's `==`, opened from `Any` once per property).
///
/// The rules, which ``ViewModelTester`` documents for users:
/// - A field stands for the stored property of its name (`case isLoading` for `var isLoading`), and for stored
///   properties named after it with an upper-case suffix (`case status` for `var statusText`), unless another
///   field's name matches such a property more closely. A property wrapper's `_name` counts as `name`.
/// - A field is *checked* when every property it stands for is of an `Equatable` type. A field that stands for no
///   stored property (a computed output) or for one that is not `Equatable` (a closure) cannot be taken apart;
///   the ViewModel's own `hasChanged(_:since:)` is used for it alone.
/// - A stored property that no field stands for is reported when it changes: no reload can name it.
///
/// Built once per outputs type and kept for the process. For outputs that are structs of `Equatable` values, each
/// property is found at its offset (``StructLayout``, from `Mirror` and the types' sizes, checked against a
/// sample) and compared where it lies (``InPlaceComparison``): bytes first, then its type's `==`, so a check neither
/// allocates nor looks up generic metadata, and two snapshots whose bytes are all the same have not changed. Where
/// that does not apply (outputs that are classes or enums, or hold a function, a class instance or a value of an
/// existential type), properties are read through `Mirror`, which is slower but reads any type.
final class OutputsLayout<Outputs: ViewOutputs>: @unchecked Sendable {
    /// One stored property of the outputs.
    struct Property {
        /// Its name, as declared.
        let name: String
        /// The position of the field that stands for it, or `nil` when no field does.
        let field: Int?
        /// Compares its values in two snapshots: `nil` when its type is not `Equatable`; the closure returns `nil`
        /// when two values cannot be compared.
        let isEqual: ((Outputs, Outputs) -> Bool?)?
        /// Reads its value from a snapshot.
        let value: (Outputs) -> Any
        /// Compares it in place, for outputs that are structs; `nil` for outputs read through `Mirror`, and for
        /// `Rows` outputs, compared by `isEqual`.
        let inPlace: InPlaceComparison?
        /// Whether it is a `Rows` output, which the row checks compare by the tester's own reckoning.
        let isRows: Bool
        /// For a `Rows` output that lies at a known offset, its reads as its own type, for the row checks of every
        /// send; `nil` for any other output, and for rows of outputs read through `Mirror`.
        let rowsAccess: RowsAccess<Outputs>?
    }

    /// `Outputs`, as failure messages write it.
    let typeName: String
    /// The fields' names, by position.
    let fieldNames: [String]
    /// The stored properties, in declaration order.
    let properties: [Property]
    /// For each field, the stored properties it stands for.
    let propertiesOfField: [[Int]]
    /// For each field, whether the tester compares it itself (every property it stands for is `Equatable`).
    let isChecked: [Bool]
    /// The `Rows` outputs the tester can ask a reload about, by property position.
    let rowsProperties: [Int]

    // What `changes(from:to:)` reads on every check, in arrays of concrete types: walking `properties`, an array of
    // a type generic over `Outputs`, would look up its generic metadata at every step.
    /// Whether the outputs are a struct whose properties were found by reflection: two snapshots with the same
    /// bytes are the same outputs.
    private let isInPlace: Bool
    /// The in-place comparisons of the compared properties, with the property's position and its field's (or -1).
    private let comparisons: [(comparison: InPlaceComparison, property: Int, field: Int)]
    /// The compared properties without an in-place comparison, compared through their `isEqual` closure.
    private let comparedByValue: [Int]
    /// For outputs read through `Mirror`, which are taken apart once per snapshot, how each compared property's
    /// values are compared as `Mirror` hands them over; empty for outputs read in place.
    private let mirroredComparisons: [(property: Int, isEqual: (Any, Any) -> Bool?)]
    /// The fields the tester does not compare itself, whose `hasChanged` it takes at its word.
    private let uncheckedFields: [Int]
    /// `MemoryLayout<Outputs>.size`, read once.
    private let size = MemoryLayout<Outputs>.size

    /// The layout of the type of `sample`, built on first use and cached for the process.
    ///
    /// - Parameters:
    ///   - sample: A snapshot, to read the stored properties from where reflection needs a value.
    ///   - location: Where the note about fields the tester cannot check points, the first time.
    static func of(_ sample: Outputs, noteAt location: FailureLocation? = nil) -> OutputsLayout<Outputs> {
        let key = ObjectIdentifier(Outputs.self)
        if let cached = LayoutCache.shared.layout(for: key) as? OutputsLayout<Outputs> { return cached }
        let layout = OutputsLayout(sample: sample)
        LayoutCache.shared.store(layout, for: key)
        if let note = layout.uncheckedNote, let location {
            FailureReporter.note(note, at: location)
        }
        return layout
    }

    private init(sample: Outputs) {
        typeName = "\(Outputs.self)"
        // By position; a position no field has (a gap in the raw values) keeps an empty name and no property.
        let fields = Outputs.Field.allCases.filter { $0.index >= 0 }
        var names = Array(repeating: "", count: (fields.map(\.index).max() ?? -1) + 1)
        for field in fields { names[field.index] = "\(field)" }
        fieldNames = names

        let inPlace = StoredProperties.laidOutProperties(of: sample)
        let stored = inPlace ?? StoredProperties.mirroredProperties(of: sample)
        var properties: [Property] = []
        var ofField = Array(repeating: [Int](), count: names.count)
        var mirrored: [(property: Int, isEqual: (Any, Any) -> Bool?)] = []
        for (offset, property) in stored.enumerated() {
            let name = Self.propertyName(property.label)
            let field = Self.field(for: name, among: names)
            if let field { ofField[field].append(offset) }
            // Rows are compared by the tester's own reckoning, not by the rows' `==`, which may hide a change: out of
            // line, through `isEqual`, never in place. Two snapshots whose bytes are all the same still have the
            // same rows (the same buffer).
            let isRows = property.valueType is any RowsStorage.Type
            let access = property.offset.flatMap { RowsAccess<Outputs>(property.valueType, at: $0) }
            let isEqual: ((Outputs, Outputs) -> Bool?)?
            if !isRows {
                isEqual = property.isEqual
                if let comparison = property.comparison { mirrored.append((offset, comparison.isEqual)) }
            } else if let access {
                isEqual = { access.isUnchanged($0, $1) }
            } else {
                isEqual = { [value = property.value] in Self.rowsAreUnchanged(value($0), value($1)) }
                mirrored.append((offset, Self.rowsAreUnchanged))
            }
            properties.append(
                Property(
                    name: name, field: field, isEqual: isEqual, value: property.value,
                    inPlace: isRows ? nil : property.inPlace, isRows: isRows, rowsAccess: access))
        }
        self.properties = properties
        propertiesOfField = ofField
        // A gap is no field, so there is nothing to check.
        let checked = ofField.indices.map { field in
            names[field].isEmpty
                || !ofField[field].isEmpty && ofField[field].allSatisfy { properties[$0].isEqual != nil }
        }
        isChecked = checked
        rowsProperties = properties.indices.filter { properties[$0].rowsAccess != nil }
        isInPlace = inPlace != nil
        comparisons = properties.indices.compactMap { index in
            properties[index].inPlace.map { ($0, index, properties[index].field ?? -1) }
        }
        comparedByValue = properties.indices.filter { properties[$0].inPlace == nil && properties[$0].isEqual != nil }
        mirroredComparisons = inPlace == nil ? mirrored : []
        uncheckedFields = checked.indices.filter { !checked[$0] }
    }

    // MARK: Comparing snapshots

    /// What changed between two snapshots, by comparing stored properties; for unchecked fields, by the outputs'
    /// own `hasChanged(_:since:)`.
    ///
    /// - Parameters:
    ///   - old: The earlier snapshot.
    ///   - new: The later snapshot.
    func changes(from old: Outputs, to new: Outputs) -> ObservedChanges {
        withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { new in changes(from: old, to: new) } }
    }

    /// What changed between two snapshots, read where they lie.
    ///
    /// - Parameters:
    ///   - old: The earlier snapshot.
    ///   - new: The later snapshot.
    func changes(from old: UnsafePointer<Outputs>, to new: UnsafePointer<Outputs>) -> ObservedChanges {
        var observed = ObservedChanges()
        if isInPlace, InPlaceComparison.bytesAreEqual(old, new, count: size) { return observed }
        var changedFields = PositionSet()
        for (comparison, property, field) in comparisons where !comparison.isEqual(old, new) {
            observed.properties.insert(property)
            if field < 0 {
                observed.uncovered.insert(property)
            } else if isChecked[field] {
                changedFields.insert(field)
            }
        }
        if !comparedByValue.isEmpty { addValueChanges(from: old, to: new, into: &observed, fields: &changedFields) }
        if !uncheckedFields.isEmpty { addUncheckedChanges(from: old, to: new, into: &changedFields) }
        observed.fields = changedFields
        return observed
    }

    /// Adds the changes of the properties not compared in place: the `Rows` outputs of outputs read in place,
    /// through their `isEqual` closure, or every property of outputs read through `Mirror`. Not inlined, for the
    /// same reason as `addUncheckedChanges`.
    @inline(never)
    private func addValueChanges(
        from old: UnsafePointer<Outputs>, to new: UnsafePointer<Outputs>, into observed: inout ObservedChanges,
        fields changedFields: inout PositionSet
    ) {
        guard isInPlace else {
            return addMirroredChanges(from: old.pointee, to: new.pointee, into: &observed, fields: &changedFields)
        }
        for index in comparedByValue {
            guard let equal = properties[index].isEqual?(old.pointee, new.pointee), !equal else { continue }
            record(index, into: &observed, fields: &changedFields)
        }
    }

    /// Adds the changes of outputs read through `Mirror`: each snapshot taken apart once, and each property compared
    /// with its value in the other. A function of its own, so that reading outputs in place never looks up the
    /// metadata of `Mirror`'s children.
    @inline(never)
    private func addMirroredChanges(
        from old: Outputs, to new: Outputs, into observed: inout ObservedChanges,
        fields changedFields: inout PositionSet
    ) {
        let before = StoredProperties.children(of: old)
        let after = StoredProperties.children(of: new)
        for (index, isEqual) in mirroredComparisons {
            guard
                let equal = isEqual(
                    StoredProperties.childValue(at: index, in: before),
                    StoredProperties.childValue(at: index, in: after)),
                !equal
            else { continue }
            record(index, into: &observed, fields: &changedFields)
        }
    }

    /// Notes that a property changed, and its field unless the tester takes the field's `hasChanged` at its word.
    private func record(_ property: Int, into observed: inout ObservedChanges, fields changedFields: inout PositionSet)
    {
        observed.properties.insert(property)
        if let field = properties[property].field {
            if isChecked[field] { changedFields.insert(field) }
        } else {
            observed.uncovered.insert(property)
        }
    }

    /// Adds the unchecked fields that `hasChanged` says changed. Not inlined: the metadata its `Field` values need
    /// would otherwise be looked up on every call of `changes(from:to:)`, unchecked fields or not.
    @inline(never)
    private func addUncheckedChanges(
        from old: UnsafePointer<Outputs>, to new: UnsafePointer<Outputs>, into changedFields: inout PositionSet
    ) {
        for field in uncheckedFields {
            guard let name = Outputs.Field(index: field), new.pointee.hasChanged(name, since: old.pointee) else {
                continue
            }
            changedFields.insert(field)
        }
    }

    /// A property's value in a snapshot, on one line.
    /// Whether two snapshots hold the same values property by property, the same bytes counting as the same value
    /// (a NaN and itself, which the outputs' `==` calls different): asked only once the test's expected outputs and
    /// the ViewModel's differ by the outputs' `==`.
    func holdTheSameValues(_ lhs: UnsafePointer<Outputs>, _ rhs: UnsafePointer<Outputs>) -> Bool {
        guard isInPlace else { return false }
        return comparisons.allSatisfy { $0.comparison.isEqual(lhs, rhs) }
            && comparedByValue.allSatisfy { properties[$0].isEqual?(lhs.pointee, rhs.pointee) ?? false }
            && uncheckedFields.allSatisfy { field in
                Outputs.Field(index: field).map { !rhs.pointee.hasChanged($0, since: lhs.pointee) } ?? false
            }
    }

    /// Whether a field's properties differ by their own `==` between two snapshots whose bytes make them the same
    /// (a NaN and itself): then a reload that names the field, as the ViewModel's `hasChanged` does, is right by the
    /// outputs' own equality.
    func changesByItsOwnEquality(_ field: Int, from old: UnsafePointer<Outputs>, to new: UnsafePointer<Outputs>)
        -> Bool
    {
        comparisons.contains { $0.field == field && !$0.comparison.isEqualByItsOwnEquality(old, new) }
    }

    func value(of property: Int, in snapshot: Outputs) -> String {
        ValueDump(properties[property].value(snapshot)).singleLine
    }

    /// The names of the properties a field stands for, for messages: `` `second` `` or `` `status` and `statusText` ``.
    func propertyList(of field: Int) -> String {
        let names = propertiesOfField[field].map { "`\(properties[$0].name)`" }
        switch names.count {
        case 0: return "`\(fieldNames[field])`"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        }
    }

    /// The comparison a field's `hasChanged` branch should make, such as `second != old.second`.
    func comparisonCode(of field: Int) -> String {
        let names = propertiesOfField[field].map { properties[$0].name }
        guard !names.isEmpty else { return "\(fieldNames[field]) != old.\(fieldNames[field])" }
        return names.map { "\($0) != old.\($0)" }.joined(separator: " || ")
    }

    /// Says which fields the tester cannot check itself, or `nil` when it checks them all.
    private var uncheckedNote: String? {
        let unchecked = isChecked.indices.filter { !isChecked[$0] }.map { fieldNames[$0] }
        guard !unchecked.isEmpty else { return nil }
        return """
            \(typeName): \(unchecked.map { "`\($0)`" }.joined(separator: ", ")) cannot be compared property by \
            property (no stored property of that name, or one that is not Equatable), so the tester takes \
            \(typeName).hasChanged(_:since:) at its word for \(unchecked.count == 1 ? "it" : "them").
            """
    }

    // MARK: Building

    /// Compares two values of a `Rows` output read through `Mirror` by the tester's own reckoning (see
    /// `RowsReference`): `nil` when the new one is not rows.
    private static func rowsAreUnchanged(_ old: Any, _ new: Any) -> Bool? {
        // Only the rows whose bytes differ can have changed (see `RowsStorage`). Rows that do not keep their IDs in
        // order (another number of rows, another ID at a position) are not the same rows.
        guard let after = new as? any RowsStorage else { return nil }
        return after.hasSameRows(asAny: old)
    }

    /// Whether the row changes a reload told of a `Rows` output are shown right between two snapshots without
    /// working out every row's ID (see `RowsStorage.confirms(_:from:)`).
    func confirms(_ told: RowChanges, ofRows property: Int, from old: Outputs, to new: Outputs) -> Bool {
        guard let access = properties[property].rowsAccess else { return false }
        return access.confirms(told, old, new)
    }

    /// The reference comparison of a `Rows` output between two snapshots.
    func rowsReference(
        of property: Int, from old: Outputs, to new: Outputs, comparingEveryRow: Bool = false
    ) -> RowsReference? {
        guard properties[property].isRows, let before = properties[property].value(old) as? any RowsStorage,
            let after = properties[property].value(new) as? any RowsStorage
        else { return nil }
        return RowsReference(old: before, new: after, comparingEveryRow: comparingEveryRow)
    }

    private static func propertyName(_ label: String?) -> String {
        guard var name = label else { return "?" }
        if name.hasPrefix("_"), name.count > 1 { name.removeFirst() }  // a property wrapper's storage
        return name
    }

    /// The field a property stands for: the field of its exact name, else the longest field name it starts with
    /// followed by an upper-case letter (`statusText` → `status`).
    private static func field(for property: String, among fields: [String]) -> Int? {
        if let exact = fields.firstIndex(of: property) { return exact }
        var best: Int?
        for (index, name) in fields.enumerated() where property.count > name.count && property.hasPrefix(name) {
            let next = property[property.index(property.startIndex, offsetBy: name.count)]
            guard next.isUppercase else { continue }
            if best.map({ fields[$0].count < name.count }) ?? true { best = index }
        }
        return best
    }
}

/// The layouts built so far, one per outputs type.
private final class LayoutCache: @unchecked Sendable {
    static let shared = LayoutCache()
    private let lock = PlatformLock()
    private var layouts: [ObjectIdentifier: AnyObject] = [:]

    func layout(for key: ObjectIdentifier) -> AnyObject? {
        lock.locked { layouts[key] }
    }

    func store(_ layout: AnyObject, for key: ObjectIdentifier) {
        lock.locked { layouts[key] = layout }
    }
}
