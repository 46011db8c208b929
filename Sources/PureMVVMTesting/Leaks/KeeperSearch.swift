import PureMVVM

/// Whether the objects of a class keep `ChildViewModels` in their stored properties, told from the first object
/// of the class with `Mirror`, so that ``LeakTracker`` reads later objects only when they may keep one.
///
/// A property found holding a `ChildViewModels` says ``some``. A property that is `nil` now but may hold one later
/// says ``some`` too: an optional of a `ChildViewModels`, or of a type one could be stored as (`AnyObject`,
/// `Any`); an optional of any other type, such as a weak delegate `(any LoginNavigating)?`, cannot. `Mirror`
/// shows the value a property holds, not the type it is declared with, so a `ChildViewModels` kept in a
/// non-optional property of an existential type (`var keeper: Any`) that held something else in the first object
/// is not followed: keep children in a property of type `ChildViewModels<…>` (or an optional of it).
@MainActor
enum KeeperSearch: Equatable {
    /// The class keeps no `ChildViewModels` where the tracker looks.
    case none
    /// Its objects keep, or may keep, some: each tracked object is read.
    case some

    /// The answer for the class of `object`, from its stored properties (its superclasses' included).
    ///
    /// - Parameter object: The first tracked object of its class.
    init(of object: AnyObject) {
        self = Self.storedValues(of: object).contains { Self.mayHoldKeeper($0.value) } ? .some : .none
    }

    /// The `ChildViewModels` stored in an object's properties now, with the properties' names.
    ///
    /// - Parameter object: A tracked object.
    /// - Returns: Every keeper found, in declaration order, with the name of the property that holds it (`nil`
    ///   when the mirror gives none).
    static func keepers(in object: AnyObject) -> [(property: String?, keeper: any ChildViewModelsKeeper)] {
        storedValues(of: object).compactMap { stored in
            (stored.value as? any ChildViewModelsKeeper).map { (stored.label, $0) }
        }
    }

    /// Whether a stored value is a keeper, or a `nil` that a keeper could take the place of.
    private static func mayHoldKeeper(_ value: Any) -> Bool {
        if value is any ChildViewModelsKeeper { return true }
        var type = Swift.type(of: value)
        // An optional that holds a value shows that value's type through the cast above; only `nil` gets here.
        guard type is any OptionalWrapping.Type else { return false }
        while let optional = type as? any OptionalWrapping.Type { type = optional.wrappedType }
        return type is any ChildViewModelsKeeper.Type || keeperFits(type)
    }

    /// Whether a `ChildViewModels` can be stored as a value of `type`: yes for `Any` and `AnyObject`, no for a
    /// delegate's existential (unless a keeper was made to conform to it) and for every concrete type but its own.
    /// What a keeper conforms to does not depend on its row and child types, so one keeper answers for all.
    private static func keeperFits(_ type: Any.Type) -> Bool {
        func fits<Existential>(_: Existential.Type) -> Bool { sampleKeeper is Existential }
        return fits(type)
    }

    /// The names and values of an object's stored properties, its superclasses' included.
    private static func storedValues(of object: AnyObject) -> [Mirror.Child] {
        var values: [Mirror.Child] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            values.append(contentsOf: current.children)
            mirror = current.superclassMirror
        }
        return values
    }

    private static let sampleKeeper = ChildViewModels<SampleRow, SampleRow.Child>()

    /// The row of ``sampleKeeper``.
    private struct SampleRow: Identifiable, Equatable, Sendable {
        final class Child {}
        let id: Int
    }
}
