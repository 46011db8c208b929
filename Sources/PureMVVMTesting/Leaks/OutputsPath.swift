import PureMVVM

/// Where an object is inside a ViewModel's outputs, for a leak's failure: `orders[id: 3]`, `header`, `cells[2]`.
enum OutputsPath {
    /// How deep the search goes into nested values.
    private static let depthLimit = 8

    /// The path to `object` in the outputs, or `nil` when they do not hold it.
    ///
    /// - Parameters:
    ///   - object: The object looked for, by identity.
    ///   - outputs: A ViewModel's outputs.
    /// - Returns: The path from the outputs, such as `orders[id: 3]`.
    static func path(to object: AnyObject, inOutputs outputs: Any) -> String? {
        path(to: object, in: outputs, depth: 0).map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
    }

    /// Looks through structs, tuples, enums, optionals, collections, dictionaries and `Rows`, never into an object:
    /// an object is only compared with the one looked for.
    private static func path(to object: AnyObject, in value: Any, depth: Int) -> String? {
        guard depth < depthLimit else { return nil }
        if let rows = value as? any RowsReflecting {
            for (id, row) in zip(rows.reflectedIDs, rows.reflectedRows) {
                if let rest = path(to: object, in: row, depth: depth + 1) {
                    return "[id: \(String(reflecting: id.base))]" + rest
                }
            }
            return nil
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .class?:
            return value as AnyObject === object ? "" : nil
        case .optional?:
            return mirror.children.first.flatMap { path(to: object, in: $0.value, depth: depth) }
        case .collection?, .set?:
            for (index, element) in mirror.children.enumerated() {
                if let rest = path(to: object, in: element.value, depth: depth + 1) { return "[\(index)]" + rest }
            }
        case .dictionary?:
            for pair in mirror.children {
                let parts = Array(Mirror(reflecting: pair.value).children)
                guard parts.count == 2 else { continue }
                if let rest = path(to: object, in: parts[1].value, depth: depth + 1) {
                    return "[\(String(reflecting: parts[0].value))]" + rest
                }
            }
        default:
            for (index, child) in mirror.children.enumerated() {
                if let rest = path(to: object, in: child.value, depth: depth + 1) {
                    return ".\(child.label ?? "\(index)")" + rest
                }
            }
        }
        return nil
    }
}
