/// Whether two values of one output are equal, for an output whose type the adapter knows only at run time.
enum OutputEquality {
    /// `a == b` when the values are `Equatable`; `false` (taken as changed) when they are not.
    ///
    /// - Parameters:
    ///   - a: One value.
    ///   - b: The other, of the same type.
    /// - Returns: Whether they are equal.
    static func isEqual<Value>(_ a: Value, _ b: Value) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(to: b)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
