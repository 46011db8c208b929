@_spi(Reflection) import Swift

/// One stored property of a type, as the tester reads it without the type's help: its name, how to read it, and
/// how to compare two values of it with its own type's `==`.
struct StoredProperty<Root> {
    /// Its name as declared (a property wrapper's `_name` as is).
    let label: String?
    /// Its declared type, when known (read through a key path), else the type of the sample's value.
    let valueType: Any.Type
    /// Compares its values in two roots: `nil` when its type is not `Equatable`; the closure returns `nil` when
    /// two values cannot be compared.
    let isEqual: ((Root, Root) -> Bool?)?
    /// Reads its value.
    let value: (Root) -> Any
    /// The property's key path, when read through one.
    let keyPath: PartialKeyPath<Root>?
}

/// Takes a type apart into its stored properties: through key paths made by the standard library's reflection
/// (`_forEachFieldWithKeyPath`), so reading and comparing allocates nothing; where that does not apply (classes,
/// enums, types holding a function), through `Mirror`, slower but for any type.
enum StoredProperties {
    /// The stored properties of `Root`, in declaration order.
    ///
    /// - Parameter sample: A value, read where `Mirror` needs one.
    static func of<Root>(_: Root.Type, sample: Root) -> [StoredProperty<Root>] {
        keyPathProperties(of: Root.self) ?? mirroredProperties(of: sample)
    }

    /// The stored properties through key paths, or `nil` where the standard library cannot make them.
    private static func keyPathProperties<Root>(of _: Root.Type) -> [StoredProperty<Root>]? {
        var found: [StoredProperty<Root>] = []
        let complete = _forEachFieldWithKeyPath(of: Root.self) { name, keyPath in
            let valueType = type(of: keyPath).valueType
            let isEqual = (valueType as? any Equatable.Type).flatMap { comparison(of: keyPath, as: $0) }
            found.append(
                StoredProperty(
                    label: String(cString: name), valueType: valueType, isEqual: isEqual,
                    value: { $0[keyPath: keyPath] }, keyPath: keyPath))
            return true
        }
        guard complete, !found.isEmpty else { return nil }
        return found
    }

    private static func comparison<Root, Value: Equatable>(
        of keyPath: PartialKeyPath<Root>, as _: Value.Type
    ) -> ((Root, Root) -> Bool?)? {
        guard let keyPath = keyPath as? KeyPath<Root, Value> else { return nil }
        return { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }

    /// The stored properties through `Mirror`: any type, read anew for every comparison.
    private static func mirroredProperties<Root>(of sample: Root) -> [StoredProperty<Root>] {
        children(of: sample).enumerated().map { offset, child in
            let value: (Root) -> Any = { root in
                let all = children(of: root)
                return all.indices.contains(offset) ? all[offset].value : ()
            }
            let isEqual = PropertyComparison(sample: child.value).map { comparison in
                { (old: Root, new: Root) in comparison.isEqual(value(old), value(new)) }
            }
            return StoredProperty(
                label: child.label ?? ".\(offset)", valueType: type(of: child.value), isEqual: isEqual, value: value,
                keyPath: nil)
        }
    }

    private static func children<Root>(of value: Root) -> [Mirror.Child] {
        var mirror: Mirror? = Mirror(reflecting: value)
        var children: [Mirror.Child] = []
        while let current = mirror {
            children.append(contentsOf: current.children)
            mirror = current.superclassMirror
        }
        return children
    }
}
