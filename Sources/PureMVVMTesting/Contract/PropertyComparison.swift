/// Compares two values of one stored output with the output type's own `==`, opened from `Any`: the tester's
/// independent way of telling whether an output changed.
///
/// Made once per stored property from a sample value. A property whose type is not `Equatable` (a closure, a
/// type without `==`) has no comparison, and its field is checked by the ViewModel's own
/// `hasChanged(_:since:)` instead (see ``ViewModelTester``'s "Independent change detection").
struct PropertyComparison {
    private let compare: (Any, Any) -> Bool?

    /// The comparison for values like `sample`, or `nil` when its type is not `Equatable`.
    init?(sample: Any) {
        guard let type = Swift.type(of: sample) as? any Equatable.Type else { return nil }
        compare = Self.opened(type)
    }

    /// Whether two values of the property are equal; `nil` when they cannot be compared (a property of an
    /// existential type that holds a value of another type, or of a type that is not `Equatable`).
    func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
        compare(lhs, rhs)
    }

    private static func opened<Value: Equatable>(_: Value.Type) -> (Any, Any) -> Bool? {
        { lhs, rhs in
            if let lhs = lhs as? Value, let rhs = rhs as? Value { return lhs == rhs }
            return slowlyCompared(lhs, rhs)
        }
    }

    /// For a property whose dynamic type varies (`any Error`, `any Hashable`): opens each value's own type.
    private static func slowlyCompared(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard type(of: lhs) == type(of: rhs) else { return false }
        guard let lhs = lhs as? any Equatable else { return nil }
        return isEqual(lhs, rhs)
    }

    private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool? {
        (rhs as? Value).map { lhs == $0 }
    }
}
