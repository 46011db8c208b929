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
/// Built once per outputs type and kept for the process. Properties are read through key paths made by the
/// standard library's reflection (`_forEachFieldWithKeyPath`), so a check reads and compares values without
/// allocating; where that does not apply (outputs that are classes or enums, or hold a function), through
/// `Mirror`, which is slower but reads any type.
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
        /// For a `Rows` output, its type and key path, for the row checks; `nil` for any other output.
        let rows: (type: any RowsReflecting.Type, keyPath: PartialKeyPath<Outputs>?)?
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
        var names: [String] = []
        while let field = Outputs.Field(index: names.count) { names.append("\(field)") }
        fieldNames = names

        let stored = StoredProperties.of(Outputs.self, sample: sample)
        var properties: [Property] = []
        var ofField = Array(repeating: [Int](), count: names.count)
        for (offset, property) in stored.enumerated() {
            let name = Self.propertyName(property.label)
            let field = Self.field(for: name, among: names)
            if let field { ofField[field].append(offset) }
            // Rows are compared by the tester's own reckoning, not by the rows' `==`, which may hide a change.
            let rowsType = property.valueType as? any RowsReflecting.Type
            let isEqual = rowsType == nil ? property.isEqual : Self.rowsComparison(property.value)
            properties.append(
                Property(
                    name: name, field: field, isEqual: isEqual, value: property.value,
                    rows: rowsType.map { ($0, property.keyPath) }))
        }
        self.properties = properties
        propertiesOfField = ofField
        isChecked = ofField.map { offsets in !offsets.isEmpty && offsets.allSatisfy { properties[$0].isEqual != nil } }
        rowsProperties = properties.indices.filter { properties[$0].rows?.keyPath != nil }
    }

    // MARK: Comparing snapshots

    /// What changed between two snapshots, by comparing stored properties; for unchecked fields, by the outputs'
    /// own `hasChanged(_:since:)`.
    ///
    /// - Parameters:
    ///   - old: The earlier snapshot.
    ///   - new: The later snapshot.
    func changes(from old: Outputs, to new: Outputs) -> ObservedChanges<Outputs> {
        var observed = ObservedChanges<Outputs>()
        for index in properties.indices {
            let property = properties[index]
            guard let isEqual = property.isEqual, let equal = isEqual(old, new), !equal else { continue }
            observed.properties.insert(index)
            if let field = property.field {
                if isChecked[field], let name = Outputs.Field(index: field) { observed.fields.insert(name) }
            } else {
                observed.uncovered.insert(index)
            }
        }
        for field in isChecked.indices where !isChecked[field] {
            guard let name = Outputs.Field(index: field), new.hasChanged(name, since: old) else { continue }
            observed.fields.insert(name)
        }
        return observed
    }

    /// A property's value in a snapshot, on one line.
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

    /// Compares a `Rows` output by the tester's own reckoning (see `RowsReference`).
    private static func rowsComparison(_ value: @escaping (Outputs) -> Any) -> (Outputs, Outputs) -> Bool? {
        { old, new in
            guard let before = value(old) as? any RowsReflecting, let after = value(new) as? any RowsReflecting
            else { return nil }
            return RowsReference(old: before, new: after).isEqual
        }
    }

    /// The reference comparison of a `Rows` output between two snapshots.
    func rowsReference(of property: Int, from old: Outputs, to new: Outputs) -> RowsReference? {
        guard properties[property].rows != nil, let before = properties[property].value(old) as? any RowsReflecting,
            let after = properties[property].value(new) as? any RowsReflecting
        else { return nil }
        return RowsReference(old: before, new: after)
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
    private let lock = NSLock()
    private var layouts: [ObjectIdentifier: AnyObject] = [:]

    func layout(for key: ObjectIdentifier) -> AnyObject? {
        lock.withLock { layouts[key] }
    }

    func store(_ layout: AnyObject, for key: ObjectIdentifier) {
        lock.withLock { layouts[key] = layout }
    }
}
