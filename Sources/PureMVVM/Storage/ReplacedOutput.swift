/// The one output a `set` replaced, as the baseline of row changes during its reload.
@usableFromInline
package struct ReplacedOutput<Outputs: ViewOutputs> {
    /// Where the output is.
    @usableFromInline package let keyPath: PartialKeyPath<Outputs>
    /// Its size in bytes, to tell whether rows lie inside it.
    @usableFromInline let size: Int
    /// Its old value when it is ``Rows``; `nil` for any other output.
    @usableFromInline package let rows: Any?

    @usableFromInline
    init(keyPath: PartialKeyPath<Outputs>, size: Int, rows: Any?) {
        self.keyPath = keyPath
        self.size = size
        self.rows = rows
    }

    /// The rows at a key path before the `set`; `nil` when they cannot be told.
    ///
    /// - Parameters:
    ///   - rowsKeyPath: Where the rows are in the outputs.
    ///   - current: The outputs now.
    /// - Returns: The earlier rows.
    @inlinable
    func rows<Row>(at rowsKeyPath: KeyPath<Outputs, Rows<Row>>, in current: Outputs) -> Rows<Row>? {
        if rowsKeyPath == keyPath { return rows as? Rows<Row> }
        // Rows stored outside the output that was set did not change; rows inside it, or reached through a computed
        // property, cannot be told.
        guard let start = MemoryLayout<Outputs>.offset(of: keyPath),
            let rowsStart = MemoryLayout<Outputs>.offset(of: rowsKeyPath)
        else { return nil }
        let isOutside = rowsStart + MemoryLayout<Rows<Row>>.size <= start || rowsStart >= start + size
        return isOutside ? current[keyPath: rowsKeyPath] : nil
    }
}
