internal import BenchKit

/// The scaling rows' screen: one cell per output. Views draw cells; at the end of every event the driver folds
/// the cell the event changed into the checksum, which costs the same whatever the number of outputs, and the
/// outcome folds in every cell once more, so a view that drew a wrong cell anywhere is caught too.
@MainActor
final class GridScreen {
    private var cells: [Int]
    private var checksum = Checksum()
    private var renders = 0

    init(cells count: Int) {
        cells = Array(repeating: 0, count: count)
    }

    /// Draws one cell.
    func draw(_ index: Int, _ value: Int) {
        cells[index] = value
    }

    /// Counts one render pass of the view.
    func didRender() {
        renders += 1
    }

    /// Folds the cell an event changed into the checksum.
    func endFrame(changed index: Int) {
        checksum.add(cells[index])
    }

    var outcome: Outcome {
        var total = checksum
        for cell in cells { total.add(cell) }
        return Outcome(checksum: total.value, renders: renders)
    }
}
