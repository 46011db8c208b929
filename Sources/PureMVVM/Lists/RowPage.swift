/// One page of rows, as a service returns it: the rows, and the cursor of the page after it.
public struct RowPage<Row, Cursor> {
    /// The page's rows, in order.
    public var rows: [Row]
    /// The cursor of the next page, or `nil` when this is the last page.
    public var next: Cursor?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - rows: The page's rows, in order.
    ///   - next: The cursor of the next page, or `nil` when this is the last page.
    public init(rows: [Row], next: Cursor?) {
        self.rows = rows
        self.next = next
    }
}

extension RowPage: Sendable where Row: Sendable, Cursor: Sendable {}
extension RowPage: Equatable where Row: Equatable, Cursor: Equatable {}
