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
    /// Compares it where it lies in a root, for a struct's `Equatable` properties found through key paths; `nil`
    /// for properties read through `Mirror`.
    let inPlace: InPlaceComparison?
}

/// Takes a type apart into its stored properties: through key paths made by the standard library's reflection
/// (`_forEachFieldWithKeyPath`), each compared where it lies (``InPlaceComparison``), so reading and comparing
/// allocates nothing; where that does not apply (classes, enums, types holding a function or a weak reference),
/// through `Mirror`, slower but for any type.
enum StoredProperties {
    /// The stored properties of `Root`, in declaration order.
    ///
    /// - Parameter sample: A value, read where `Mirror` needs one.
    static func of<Root>(_: Root.Type, sample: Root) -> [StoredProperty<Root>] {
        keyPathProperties(of: Root.self) ?? mirroredProperties(of: sample)
    }

    /// The stored properties through key paths, each `Equatable` one compared in place, or `nil` where the standard
    /// library cannot make them.
    static func keyPathProperties<Root>(of _: Root.Type) -> [StoredProperty<Root>]? {
        var found: [StoredProperty<Root>] = []
        let complete = _forEachFieldWithKeyPath(of: Root.self) { name, keyPath in
            let valueType = type(of: keyPath).valueType
            var inPlace: InPlaceComparison?
            if let type = valueType as? any Equatable.Type {
                // Every property found here is a stored one with an offset; one without is read through Mirror.
                guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return false }
                inPlace = comparison(of: type, at: offset)
            }
            let isEqual: ((Root, Root) -> Bool?)? = inPlace.map { inPlace in
                { old, new in
                    withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { inPlace.isEqual(old, $0) } }
                }
            }
            found.append(
                StoredProperty(
                    label: String(cString: name), valueType: valueType, isEqual: isEqual,
                    value: { $0[keyPath: keyPath] }, keyPath: keyPath, inPlace: inPlace))
            return true
        }
        guard complete, !found.isEmpty else { return nil }
        return found
    }

    private static func comparison<Value: Equatable>(of _: Value.Type, at offset: Int) -> InPlaceComparison {
        InPlaceComparison(Value.self, at: offset)
    }

    /// The stored properties through `Mirror`: any type, read anew for every comparison.
    static func mirroredProperties<Root>(of sample: Root) -> [StoredProperty<Root>] {
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
                keyPath: nil, inPlace: nil)
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
