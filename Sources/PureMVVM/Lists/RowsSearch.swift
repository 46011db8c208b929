/// Whether outputs hold ``Rows``, told from a value with `Mirror`, so that an ``OutputStore`` keeps the outputs
/// before a reload (the baseline a view's ``ReadOnlyOutputs/changes(of:)`` compares with) only when they may hold
/// rows, and a screen without rows pays nothing for it.
///
/// The search looks at the outputs' stored properties and, three levels down, inside the structs and tuples they
/// hold. `Mirror` shows the value a property holds, not the type it is declared with, so:
/// - a property that holds rows, or an optional of rows, says yes, `nil` or not;
/// - a `nil` optional of any other type says yes (it may hold a struct with rows later), unless its type is a
///   class or a type of the standard library or Foundation, which hold no rows where the search looks;
/// - enums, classes and collections are not searched (an array of rows is not a `Rows` output);
/// - rows kept in a property of an existential type (`var list: Any`) are not found if that property held
///   something else when searched: a view then gets ``RowChanges/fullReload`` for them, which is always right.
///
/// The answer is the outputs type's, worked out from the first value a store is made with and kept.
package enum RowsSearch {
    /// Whether `value`, a snapshot of outputs, holds or may hold rows.
    ///
    /// - Parameter value: The outputs a store starts with.
    /// - Returns: `false` only when no value of its type can hold rows where the search looks.
    package static func mayHoldRows(_ value: Any) -> Bool {
        mayHoldRows(value, depth: 0)
    }

    private static func mayHoldRows(_ value: Any, depth: Int) -> Bool {
        if value is any RowsReflecting { return true }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .tuple?:
            guard depth <= 3, !isLibraryType(Swift.type(of: value)) else { return false }
            return mirror.children.contains { mayHoldRows($0.value, depth: depth + 1) }
        case .optional?:
            // A cast sees through an optional that holds a value; only `nil` is left to answer from its type.
            guard let wrapped = mirror.children.first?.value else {
                return optionalMayHoldRows(Swift.type(of: value))
            }
            return mayHoldRows(wrapped, depth: depth)
        default:
            return false
        }
    }

    /// Whether a `nil` of an optional type may hold rows when it holds a value.
    private static func optionalMayHoldRows(_ type: Any.Type) -> Bool {
        var wrapped = type
        while let optional = wrapped as? any OptionalWrapping.Type { wrapped = optional.wrappedType }
        // Rows themselves are neither a class nor the standard library's: a nil of rows says yes.
        return !(wrapped is AnyObject.Type) && !isLibraryType(wrapped)
    }

    /// Whether a type is the standard library's or Foundation's (a string, a number, an array, a date), whose
    /// stored properties never hold a caller's rows.
    private static func isLibraryType(_ type: Any.Type) -> Bool {
        let name = String(reflecting: type)
        return name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") || name.hasPrefix("FoundationEssentials.")
    }
}
