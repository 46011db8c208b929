import PureMVVM

/// One stored property of a type, as the tester reads it without the type's help: its name, how to read it, and
/// how to compare two values of it with its own type's `==`.
struct StoredProperty<Root> {
    /// Its name as declared (a property wrapper's `_name` as is).
    let label: String?
    /// The type of the sample's value.
    let valueType: Any.Type
    /// Compares its values in two roots: `nil` when its type is not `Equatable`; the closure returns `nil` when
    /// two values cannot be compared.
    let isEqual: ((Root, Root) -> Bool?)?
    /// Reads its value.
    let value: (Root) -> Any
    /// Compares two of its values as `Mirror` hands them over, for properties read through `Mirror`: `nil` when its
    /// type is not `Equatable`, or for a struct's property read in place.
    let comparison: PropertyComparison?
    /// Where it lies in a root, in bytes, for a struct's properties whose layout was verified; `nil` for
    /// properties read through `Mirror`.
    let offset: Int?
    /// Compares it where it lies in a root, for a struct's `Equatable` properties whose layout was verified;
    /// `nil` for properties read through `Mirror`.
    let inPlace: InPlaceComparison?
}

/// Takes a type apart into its stored properties: for a struct, at the offsets Swift's struct layout gives them,
/// each compared where it lies (``InPlaceComparison``), so reading and comparing allocates nothing; where that
/// cannot be shown to be right (classes, enums, a property that holds a class or may be weak, one whose declared
/// type `Mirror` cannot show), through `Mirror`, slower but for any type.
///
/// Only public Swift: `Mirror` names the properties and shows their values, and the offsets come from their types'
/// sizes and alignments, in declaration order, as Swift lays out a struct's stored properties. `Mirror` shows the
/// value a property holds, not the type it is declared with, so the layout is checked against the sample before it
/// is trusted (``StructLayout``).
enum StoredProperties {
    /// The stored properties of `Root`, in declaration order.
    ///
    /// - Parameter sample: A value, read with `Mirror`.
    static func of<Root>(_: Root.Type, sample: Root) -> [StoredProperty<Root>] {
        laidOutProperties(of: sample) ?? mirroredProperties(of: sample)
    }

    /// The stored properties of a struct at their offsets, each `Equatable` one compared in place, or `nil` where
    /// the layout cannot be verified.
    ///
    /// - Parameter sample: A value of the struct.
    static func laidOutProperties<Root>(of sample: Root) -> [StoredProperty<Root>]? {
        guard let layout = StructLayout(of: sample) else { return nil }
        return layout.fields.map { field in
            StoredProperty(
                label: field.label, valueType: field.type, isEqual: field.inPlace.map(isEqual(inPlace:)),
                value: field.reader(), comparison: nil, offset: field.offset, inPlace: field.inPlace)
        }
    }

    private static func isEqual<Root>(inPlace: InPlaceComparison) -> (Root, Root) -> Bool? {
        { old, new in
            withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { inPlace.isEqual(old, $0) } }
        }
    }

    /// The stored properties through `Mirror`: any type, read anew for every comparison.
    static func mirroredProperties<Root>(of sample: Root) -> [StoredProperty<Root>] {
        children(of: sample).enumerated().map { offset, child in
            let value: (Root) -> Any = { childValue(at: offset, in: children(of: $0)) }
            let comparison = PropertyComparison(sample: child.value)
            let isEqual = comparison.map { comparison in
                { (old: Root, new: Root) in comparison.isEqual(value(old), value(new)) }
            }
            return StoredProperty(
                label: child.label ?? ".\(offset)", valueType: type(of: child.value), isEqual: isEqual, value: value,
                comparison: comparison, offset: nil, inPlace: nil)
        }
    }

    /// The value of the property at a position among a value's children: `()` where the value has none there (an
    /// enumeration's other case), which equals no property's value.
    static func childValue(at position: Int, in children: [Mirror.Child]) -> Any {
        children.indices.contains(position) ? children[position].value : ()
    }

    static func children<Root>(of value: Root) -> [Mirror.Child] {
        var mirror: Mirror? = Mirror(reflecting: value)
        var children: [Mirror.Child] = []
        while let current = mirror {
            children.append(contentsOf: current.children)
            mirror = current.superclassMirror
        }
        return children
    }
}
