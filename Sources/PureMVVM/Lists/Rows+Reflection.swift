/// Lets the test support read any ``Rows`` output without knowing its row type: its IDs and rows, its rows' own
/// `==`, and the row changes a reload tells the view. The test support works out the row changes itself from
/// these, and compares.
package protocol RowsReflecting: Sendable {
    /// The rows' IDs, in order.
    var reflectedIDs: [AnyHashable] { get }
    /// The rows, in order.
    var reflectedRows: [Any] { get }
    /// The row type.
    static var reflectedRowType: Any.Type { get }
    /// Whether two rows are equal by the row type's own `==`; `nil` when either is not a row of this type.
    static func ownEquality(_ lhs: Any, _ rhs: Any) -> Bool?
    /// What ``ReadOnlyOutputs/changes(of:)`` tells a view for these rows, given the rows before the reload: the
    /// toolkit's diff, compiled for the row type where the rows were made.
    ///
    /// - Parameter old: The rows before the reload.
    /// - Returns: The row changes.
    func reflectedChanges(since old: Self) -> RowChanges
}

extension Rows: RowsReflecting {
    package var reflectedIDs: [AnyHashable] { elements.map { AnyHashable($0.id) } }

    package var reflectedRows: [Any] { elements }

    package static var reflectedRowType: Any.Type { Row.self }

    package static func ownEquality(_ lhs: Any, _ rhs: Any) -> Bool? {
        guard let lhs = lhs as? Row, let rhs = rhs as? Row else { return nil }
        return lhs == rhs
    }

    package func reflectedChanges(since old: Self) -> RowChanges {
        diff(old.elements, elements)
    }
}
