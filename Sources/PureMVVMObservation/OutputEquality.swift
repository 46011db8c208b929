/// Whether a reload changed one output, for an output whose type the adapter knows only at run time.
enum OutputEquality {
    /// How to tell whether an output differs between two outputs values: `!=` when its type is `Equatable` (found
    /// once, when the output is first read), and always when it is not.
    ///
    /// - Parameter keyPath: The output.
    /// - Returns: Whether the output's value in the first outputs differs from its value in the second.
    static func differs<Outputs, Value>(_ keyPath: KeyPath<Outputs, Value>) -> (Outputs, Outputs) -> Bool {
        guard let equatable = Value.self as? any Equatable.Type else { return { _, _ in true } }
        return comparison(of: equatable, at: keyPath)
    }

    private static func comparison<Outputs, Value, Compared: Equatable>(
        of type: Compared.Type, at keyPath: KeyPath<Outputs, Value>
    ) -> (Outputs, Outputs) -> Bool {
        guard let typed = keyPath as? KeyPath<Outputs, Compared> else { return { _, _ in true } }
        return { old, new in old[keyPath: typed] != new[keyPath: typed] }
    }
}
