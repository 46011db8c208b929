import PureMVVM

/// A view of the orders screen that keeps one line per row and, on each reload, changes only the lines the row
/// changes name, in the order UIKit's batch updates apply them; a full reload redraws every line.
@MainActor
final class OrdersLinesView: ReloadDelegate {
    private(set) var lines: [String] = []
    private(set) var linesDrawn = 0

    func reloadViews(_ changes: ChangeSet<OrdersOutputs>, from outputs: ReadOnlyOutputs<OrdersOutputs>) {
        guard changes.contains(.orders) else { return }
        let rows = outputs.orders
        let rowChanges = outputs.changes(of: \.orders)
        if rowChanges.isFullReload {
            lines = rows.map(line)
            linesDrawn += rows.count
            return
        }
        // As in performBatchUpdates: deletions at old indexes, then moves and insertions at new ones.
        var kept = lines.indices.filter { !rowChanges.deletions.contains($0) }
        let movedFrom = Set(rowChanges.moves.map(\.from))
        kept.removeAll { movedFrom.contains($0) }
        var next = [String?](repeating: nil, count: rows.count)
        for index in rowChanges.insertions { next[index] = line(rows[index]) }
        for move in rowChanges.moves { next[move.to] = lines[move.from] }
        var stay = kept.makeIterator()
        lines = next.map { $0 ?? stay.next().map { lines[$0] } ?? "" }
        // Then the rows whose values changed, at their new indexes.
        for index in rowChanges.updates { lines[index] = line(rows[index]) }
        linesDrawn += rowChanges.insertions.count + rowChanges.updates.count
    }

    private func line(_ row: OrderRow) -> String {
        "\(row.title) · \(row.status.rawValue)"
    }
}
