/// An ordered list of identified rows, usable as one output: a list screen's rows, each with an ID no other row
/// has.
///
/// Keep the rows in the outputs like any other value, and change them in ``OutputStore/update(notifying:_:)``;
/// during the reload, the view asks ``ReadOnlyOutputs/changes(of:)`` which rows were deleted, inserted, moved and
/// updated, and redraws only those:
///
/// ```swift
/// struct OrdersOutputs: ViewOutputs {
///     var orders = Rows<OrderRow>()
///     var isLoadingMore = false
///
///     enum Field: Int, OutputField { case orders, isLoadingMore }
///
///     func hasChanged(_ field: Field, since old: OrdersOutputs) -> Bool {
///         switch field {
///         case .orders: orders != old.orders
///         case .isLoadingMore: isLoadingMore != old.isLoadingMore
///         }
///     }
/// }
/// ```
///
/// IDs are unique: building rows with an ID twice, appending or inserting a row whose ID is already there, stops
/// the program with a message naming the ID (a precondition). Rows from a server that may repeat an ID (pages
/// that overlap when the list changed between two requests) go through ``merge(_:)``, which replaces the row with
/// that ID instead. So a diff never has to guess which of two rows with one ID went where.
///
/// Making rows from an array (``init(_:)``) costs nothing more than the array: a ViewModel handed a fresh array
/// on every reload makes `Rows` of it, and no ID is hashed until something needs the IDs. In a debug build the
/// IDs are checked at once; in an optimised build, when the rows are first changed in place (``append(_:)``,
/// ``insert(_:at:)``, ``merge(_:)``) and by ``changes(since:)`` for the rows it matches by ID. The rows at the
/// common start and end of two lists, which a diff matches in place, are not checked there.
///
/// Rows compare with `==` row by row, in order. Looking a row up by its ID (``subscript(id:)``,
/// ``index(forID:)``, ``update(_:)``) walks the rows, O(n). Checking that an ID is there (``contains(id:)``) is
/// O(1) once the rows keep an index of their IDs (made by the first change in place, or for rows made empty), and
/// a walk of the rows, O(n), before.
public struct Rows<Row: Identifiable & Equatable & Sendable>: Sendable where Row.ID: Sendable {
    /// The rows, in order.
    @usableFromInline var elements: [Row]
    /// Every row's ID, to keep them unique: `nil` for rows made from a sequence until a change in place needs it.
    @usableFromInline var ids: Set<Row.ID>?
    /// ``changes(since:)`` for this row type, made where the rows were made, so compiled for the row type there: for
    /// the test support, which knows the row type only at run time and would otherwise run the diff as generic code.
    @usableFromInline let diff: @Sendable (_ old: [Row], _ new: [Row]) -> RowChanges

    /// The diff of two arrays of rows, as a closure compiled where it is made: where the row type is known, the diff
    /// is specialised for it.
    @inlinable
    static var compiledDiff: @Sendable (_ old: [Row], _ new: [Row]) -> RowChanges {
        { old, new in RowDiff(old: old, new: new).changes() }
    }

    /// Creates an empty list.
    @inlinable
    public init() {
        elements = []
        ids = []
        diff = Self.compiledDiff
    }

    /// Creates a list of rows in the given order, in O(1) for an array (it keeps the array's storage).
    ///
    /// - Parameter rows: The rows; no two may have the same ID.
    /// - Precondition: Every row has an ID of its own; otherwise the program stops with a message naming the ID:
    ///   at once in a debug build, and in an optimised build when the IDs are first needed (see ``Rows``). For
    ///   rows that may repeat an ID, start from an empty list and ``merge(_:)`` them.
    @inlinable
    public init(_ rows: some Sequence<Row>) {
        elements = Array(rows)
        ids = nil
        diff = Self.compiledDiff
        assert(Self.haveOwnIDs(elements))
    }

    /// Tells whether a row has an ID.
    ///
    /// - Parameter id: The ID to look for.
    /// - Returns: `true` when one of the rows has it; O(1) once the rows keep an index of their IDs, O(n) before
    ///   (see ``Rows``).
    @inlinable
    public func contains(id: Row.ID) -> Bool {
        if let ids { return ids.contains(id) }
        return elements.contains { $0.id == id }
    }

    /// The position of the row with an ID.
    ///
    /// - Parameter id: The ID to look for.
    /// - Returns: The row's index, or `nil` when no row has that ID. O(n).
    @inlinable
    public func index(forID id: Row.ID) -> Int? {
        if let ids, !ids.contains(id) { return nil }
        return elements.firstIndex { $0.id == id }
    }

    /// The row with an ID.
    ///
    /// - Parameter id: The ID to look for.
    /// - Returns: The row, or `nil` when no row has that ID. O(n).
    @inlinable
    public subscript(id id: Row.ID) -> Row? {
        index(forID: id).map { elements[$0] }
    }

    // MARK: Changing the rows

    /// Adds a row at the end.
    ///
    /// - Parameter row: The new row.
    /// - Precondition: No row has its ID yet.
    @inlinable
    public mutating func append(_ row: Row) {
        if !insertID(row.id) { Self.duplicateID(row.id, in: elements + [row]) }
        elements.append(row)
    }

    /// Adds rows at the end, in order.
    ///
    /// - Parameter rows: The new rows.
    /// - Precondition: None of their IDs is in the list yet, and none repeats; use ``merge(_:)`` for rows that
    ///   may.
    @inlinable
    public mutating func append(contentsOf rows: some Sequence<Row>) {
        var index = takeIDs()
        let start = elements.count
        elements.append(contentsOf: rows)
        for row in elements[start...] where !index.insert(row.id).inserted {
            Self.duplicateID(row.id, in: elements)
        }
        ids = index
    }

    /// Inserts a row before the row at a position.
    ///
    /// - Parameters:
    ///   - row: The new row.
    ///   - index: Where it goes: `0` for the top, `count` for the end.
    /// - Precondition: No row has its ID yet, and `index` is in `0...count`.
    @inlinable
    public mutating func insert(_ row: Row, at index: Int) {
        precondition(index >= 0 && index <= elements.count, "Rows.insert(_:at:): index \(index) is not in 0...\(count)")
        if !insertID(row.id) { Self.duplicateID(row.id, in: elements + [row]) }
        elements.insert(row, at: index)
    }

    /// Removes the row at a position.
    ///
    /// - Parameter index: The row's position.
    /// - Returns: The removed row.
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Row {
        let row = elements.remove(at: index)
        ids?.remove(row.id)
        return row
    }

    /// Removes the row with an ID.
    ///
    /// - Parameter id: The ID of the row to remove.
    /// - Returns: The removed row, or `nil` (changing nothing) when no row has that ID.
    @inlinable
    @discardableResult
    public mutating func remove(id: Row.ID) -> Row? {
        guard let index = index(forID: id) else { return nil }
        return remove(at: index)
    }

    /// Removes every row.
    @inlinable
    public mutating func removeAll() {
        elements.removeAll()
        ids = []
    }

    /// Replaces the row that has the same ID as `row`, keeping its position.
    ///
    /// - Parameter row: The new value of the row.
    /// - Returns: The row it replaced, or `nil` (changing nothing) when no row has its ID.
    @inlinable
    @discardableResult
    public mutating func update(_ row: Row) -> Row? {
        guard let index = index(forID: row.id) else { return nil }
        let old = elements[index]
        elements[index] = row
        return old
    }

    /// Adds rows that may repeat IDs: a row whose ID is already in the list replaces that row where it is, and
    /// the others are appended in order. A page from a server that overlaps the rows already shown, or repeats a
    /// row, never stops the program.
    ///
    /// - Parameter rows: The rows to add; when two of them share an ID, the later one wins.
    @inlinable
    public mutating func merge(_ rows: some Sequence<Row>) {
        var index = takeIDs()
        for row in rows {
            if index.insert(row.id).inserted {
                elements.append(row)
            } else if let position = elements.firstIndex(where: { $0.id == row.id }) {
                elements[position] = row
            }
        }
        ids = index
    }

    /// Adds an ID to the index of IDs, making the index first if the rows have none.
    ///
    /// - Returns: `false` when a row has the ID already.
    @inlinable
    mutating func insertID(_ id: Row.ID) -> Bool {
        var index = takeIDs()
        defer { ids = index }
        return index.insert(id).inserted
    }

    /// The index of IDs, taken out of the rows (so that changing it copies nothing), made if the rows have none;
    /// the caller puts it back.
    @inlinable
    mutating func takeIDs() -> Set<Row.ID> {
        let index = ids ?? Self.index(of: elements)
        ids = nil
        return index
    }

    /// Checks that no two rows have the same ID, for a debug build's ``init(_:)``.
    ///
    /// - Returns: `true`; the program stops with a message naming the ID when two rows have it.
    @inlinable
    static func haveOwnIDs(_ rows: [Row]) -> Bool {
        _ = index(of: rows)
        return true
    }

    /// The index of the IDs of rows, each checked to be the only one.
    ///
    /// - Precondition: No two rows have the same ID; otherwise the program stops with a message naming the ID.
    @inlinable
    static func index(of rows: [Row]) -> Set<Row.ID> {
        var index = Set<Row.ID>(minimumCapacity: rows.count)
        for row in rows where !index.insert(row.id).inserted {
            duplicateID(row.id, in: rows)
        }
        return index
    }

    /// Stops the program: an ID is used twice.
    @usableFromInline
    static func duplicateID(_ id: Row.ID, in rows: [Row]) -> Never {
        preconditionFailure(duplicateIDMessage(id, in: rows))
    }

    /// What ``duplicateID(_:in:)`` says: the ID, the first two positions that have it, and the fix.
    static func duplicateIDMessage(_ id: Row.ID, in rows: [Row]) -> String {
        let positions = rows.indices.filter { rows[$0].id == id }.prefix(2).map(String.init)
        return "Rows<\(Row.self)>: two rows have the ID \(String(reflecting: id)) (at "
            + "\(positions.joined(separator: " and "))); every row needs an ID of its own. To fix: give each row a "
            + "unique `id`, or add rows that may repeat an ID with merge(_:), which replaces the row with that ID."
    }
}

extension Rows: RandomAccessCollection {
    /// The position of the first row: `0`.
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last row: the number of rows.
    @inlinable
    public var endIndex: Int { elements.count }

    /// The positions of the rows, `0..<count`.
    @inlinable
    public var indices: Range<Int> { 0..<elements.count }

    /// The number of rows, in O(1).
    @inlinable
    public var count: Int { elements.count }

    /// The row at a position.
    ///
    /// - Parameter position: A position in `0..<count`.
    @inlinable
    public subscript(position: Int) -> Row {
        elements[position]
    }

    /// Calls `body` with the rows in the contiguous storage they are kept in, as an array does.
    ///
    /// - Parameter body: Reads the rows, in order; the buffer is valid only during the call.
    /// - Returns: What `body` returns (the rows are always stored contiguously, so never `nil`).
    /// - Throws: What `body` throws.
    @inlinable
    public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<Row>) throws -> Result
    ) rethrows -> Result? {
        try elements.withContiguousStorageIfAvailable(body)
    }
}

extension Rows: Equatable {
    /// Whether two lists have the same rows in the same order, each compared with its own `==`.
    ///
    /// - Parameters:
    ///   - lhs: A list.
    ///   - rhs: Another list.
    /// - Returns: `true` when the rows are equal one by one.
    @inlinable
    public static func == (lhs: Rows, rhs: Rows) -> Bool {
        lhs.elements == rhs.elements
    }
}

extension Rows: ExpressibleByArrayLiteral {
    /// Creates a list from rows written out, as in `[OrderRow(id: 1), OrderRow(id: 2)]`.
    ///
    /// - Parameter rows: The rows; no two may have the same ID.
    @inlinable
    public init(arrayLiteral rows: Row...) {
        self.init(rows)
    }
}

extension Rows: CustomStringConvertible {
    /// The rows, as an array prints them.
    public var description: String { elements.description }
}

extension Rows: CustomReflectable {
    /// The rows alone, as an array shows them, for test failures and dumps.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}
