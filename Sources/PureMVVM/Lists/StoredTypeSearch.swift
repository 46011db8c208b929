@_spi(Reflection) import Swift

/// Whether a type's stored properties can hold a value of some kind (``Rows`` in outputs, `ChildViewModels` in a
/// ViewModel), answered from the type alone, once per type, where `Mirror` would read every value of every
/// instance.
///
/// The answer is the one a search of a value with `Mirror` and `as?` casts would give, for every value of the type:
/// a property of the kind looked for, or an optional of it, says yes; a property whose type does not say what it
/// holds (an existential such as `Any` that could hold one, or a type the runtime cannot describe) says maybe,
/// and the caller then searches the value itself; anything else says no. Structs and tuples are searched as deep as asked, except the
/// standard library's (a string, an array), which `Mirror` shows as their elements; enums and classes inside are
/// not searched.
package enum StoredTypeSearch: Sendable {
    /// Some stored property is of the kind, or an optional of it.
    case yes
    /// Some stored property may hold one, depending on its value.
    case maybe
    /// No value of the type can hold one where the search looks.
    case no

    /// Searches the stored properties of `type`.
    ///
    /// - Parameters:
    ///   - type: The type to search: a struct, or a class (its superclasses' properties included).
    ///   - depth: How many levels of structs and tuples inside `type` to search as well; 0 for its own properties
    ///     alone.
    ///   - isMatch: Whether a type is of the kind looked for.
    ///   - canHold: Whether a value of the kind looked for can be stored in a property of an existential type (such
    ///     as `any LoginNavigating`, a weak delegate); `nil` when any existential may hold one.
    /// - Returns: The answer, for every value of `type`.
    package static func search(
        _ type: Any.Type, depth: Int, where isMatch: @escaping (Any.Type) -> Bool,
        existentialCanHold canHold: ((Any.Type) -> Bool)? = nil
    ) -> StoredTypeSearch {
        if isMatch(type) { return .yes }
        guard let kind = kind(of: type) else { return .maybe }
        return fields(of: type, kind: kind, depth: depth, rule: Rule(isMatch: isMatch, canHold: canHold))
    }

    /// What the search looks for.
    private struct Rule {
        let isMatch: (Any.Type) -> Bool
        let canHold: ((Any.Type) -> Bool)?

        /// What a property of an existential type can hold.
        func existential(_ type: Any.Type) -> StoredTypeSearch {
            guard let canHold else { return .maybe }
            return canHold(type) ? .maybe : .no
        }
    }

    private static func fields(
        of type: Any.Type, kind: _MetadataKind, depth: Int, rule: Rule
    ) -> StoredTypeSearch {
        // `_EachFieldOptions.classType`, a `static var` that strict concurrency does not let code read.
        let options = kind == .class ? _EachFieldOptions(rawValue: 1 << 0) : []
        var answer = StoredTypeSearch.no
        let complete = _forEachField(of: type, options: options) { _, _, fieldType, fieldKind in
            switch property(fieldType, kind: fieldKind, depth: depth, rule: rule) {
            case .yes:
                answer = .yes
                return false
            case .maybe:
                answer = .maybe
            case .no:
                break
            }
            return true
        }
        if answer == .yes { return .yes }
        return complete ? answer : .maybe
    }

    /// What a stored property of `type` can hold.
    private static func property(
        _ type: Any.Type, kind: _MetadataKind, depth: Int, rule: Rule
    ) -> StoredTypeSearch {
        if rule.isMatch(type) { return .yes }
        switch kind {
        case .optional:
            // A cast of the value sees through optionals, and through the existentials they wrap.
            guard let wrapped = (type as? any OptionalWrapping.Type)?.wrappedType,
                let wrappedKind = self.kind(of: wrapped)
            else { return .maybe }
            if rule.isMatch(wrapped) { return .yes }
            switch wrappedKind {
            case .optional: return property(wrapped, kind: wrappedKind, depth: depth, rule: rule)
            case .existential, .unknown: return rule.existential(wrapped)
            case .opaque: return .maybe
            default: return .no
            }
        // `.unknown` includes the existentials of protocols with primary associated types (`any Clock<Duration>`).
        case .existential, .unknown:
            return rule.existential(type)
        case .opaque:
            return .maybe
        case .struct, .tuple:
            // The standard library's structs (strings, arrays, dictionaries, sets) hold no value of the caller's
            // kind where a `Mirror` search looks (their mirrors show elements, not stored properties), and their
            // own properties are built-in types the runtime does not describe.
            guard depth > 0, !_typeName(type, qualified: true).hasPrefix("Swift.") else { return .no }
            return fields(of: type, kind: kind, depth: depth - 1, rule: rule)
        default:
            return .no
        }
    }

    /// The kind of `type`, as the runtime tells it for a stored property of that type.
    private static func kind(of type: Any.Type) -> _MetadataKind? {
        func probe<Value>(_: Value.Type) -> _MetadataKind? {
            var kind: _MetadataKind?
            _forEachField(of: KindProbe<Value>.self) { _, _, _, found in
                kind = found
                return false
            }
            return kind
        }
        return probe(type)
    }
}

/// A struct of one stored property, whose kind the runtime then tells.
private struct KindProbe<Value> {
    var value: Value
}

/// Opens an optional type to its wrapped type.
package protocol OptionalWrapping {
    /// The type the optional wraps.
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalWrapping {
    package static var wrappedType: Any.Type { Wrapped.self }
}
