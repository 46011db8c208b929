/// How a list of ``Rows`` changed between two reloads, in the form UIKit's batch updates take: the rows deleted,
/// inserted, moved and updated.
///
/// The indexes follow `performBatchUpdates(_:completion:)`:
///
/// - ``deletions`` are indexes in the **old** rows, ascending.
/// - ``insertions`` are indexes in the **new** rows, ascending.
/// - ``moves`` go from an index in the old rows to an index in the new rows, ascending by the new index. Only rows
///   whose order among the rows kept changed are listed; a row that shifts because others were deleted or
///   inserted before it is not a move.
/// - ``updates`` are indexes in the **new** rows, ascending: the rows kept (same ID) whose value changed, moved or
///   not. UIKit refuses to reload a row that moves in the same batch, so redraw these after the batch, where the
///   new indexes hold (`reconfigureRows(at:)`), or, with a diffable data source, reconfigure their IDs.
///
/// <doc:ListsAndChildViewModels> shows a table view applying them in one batch.
///
/// Applying the deletions, insertions and moves to the old rows' IDs gives the new rows' IDs in order; the
/// updated rows are the ones whose value differs (by the row's `==`).
public struct RowChanges: Hashable, Sendable {
    /// One row moved: from its index in the old rows to its index in the new rows.
    public struct Move: Hashable, Sendable {
        /// The row's index in the old rows.
        public var from: Int
        /// The row's index in the new rows.
        public var to: Int

        /// Creates a move.
        ///
        /// - Parameters:
        ///   - from: The row's index in the old rows.
        ///   - to: The row's index in the new rows.
        @inlinable
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Indexes in the old rows of the rows whose ID is gone, ascending.
    public var deletions: [Int]
    /// Indexes in the new rows of the rows whose ID is new, ascending.
    public var insertions: [Int]
    /// Rows kept whose order among the kept rows changed, ascending by their new index.
    public var moves: [Move]
    /// Indexes in the new rows of the rows kept whose value changed, ascending.
    public var updates: [Int]
    /// Whether there is no earlier list to compare with, so the view redraws the whole list (UIKit's
    /// `reloadData()`); the four lists are then empty.
    ///
    /// ``ReadOnlyOutputs/changes(of:)`` says so outside a reload, for example when a view draws everything from
    /// `ReadOnlyOutputs(viewModel.outputs)` as it first appears.
    public var isFullReload: Bool

    /// Creates the changes of one reload.
    ///
    /// - Parameters:
    ///   - deletions: Indexes in the old rows, ascending.
    ///   - insertions: Indexes in the new rows, ascending.
    ///   - moves: Moves from old to new indexes, ascending by the new index.
    ///   - updates: Indexes in the new rows of the rows whose value changed, ascending.
    @inlinable
    public init(deletions: [Int] = [], insertions: [Int] = [], moves: [Move] = [], updates: [Int] = []) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
        isFullReload = false
    }

    /// The answer when there is no earlier list to compare with: redraw the whole list.
    public static let fullReload: RowChanges = {
        var changes = RowChanges()
        changes.isFullReload = true
        return changes
    }()

    /// Whether no row was deleted, inserted, moved or updated, and no full reload is needed.
    @inlinable
    public var isEmpty: Bool {
        !isFullReload && deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
    }
}

extension RowChanges: CustomStringConvertible {
    /// The changes on one line, such as `deleted [3], inserted [0], moved [5→2], updated [7]`, `no row changed`
    /// or `full reload`.
    public var description: String {
        if isFullReload { return "full reload" }
        var parts: [String] = []
        if !deletions.isEmpty { parts.append("deleted \(deletions)") }
        if !insertions.isEmpty { parts.append("inserted \(insertions)") }
        if !moves.isEmpty {
            parts.append("moved [" + moves.map { "\($0.from)→\($0.to)" }.joined(separator: ", ") + "]")
        }
        if !updates.isEmpty { parts.append("updated \(updates)") }
        return parts.isEmpty ? "no row changed" : parts.joined(separator: ", ")
    }
}
