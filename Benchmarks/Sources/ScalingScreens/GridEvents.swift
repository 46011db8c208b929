internal import BenchKit

/// The input events of the scaling rows: event `k` sets one output to `k + 1`, a value it never had, so every
/// event changes exactly one output. The outputs are visited with a stride of 7919 (a prime), so the changes
/// spread over all of them, in both words of a change set and past them.
struct GridEvents {
    private let outputs: Int
    private let step: Int
    private var index = 0
    private var value = 0

    init(outputs: Int) {
        self.outputs = outputs
        step = 7919 % outputs
    }

    /// The next event: which output changes, and to what.
    mutating func next() -> (index: Int, value: Int) {
        let event = (index, value + 1)
        value += 1
        index += step
        if index >= outputs { index -= outputs }
        return event
    }

    /// The outcome of a fresh scaling workload after a number of events, computed without any ViewModel.
    ///
    /// - Parameters:
    ///   - count: The number of events.
    ///   - outputs: The number of outputs.
    /// - Returns: The checksum of the changed cells and the final grid, and one render per event.
    static func expected(events count: Int, outputs: Int) -> Outcome {
        var events = GridEvents(outputs: outputs)
        var cells = Array(repeating: 0, count: outputs)
        var checksum = Checksum()
        for _ in 0..<count {
            let (index, value) = events.next()
            cells[index] = value
            checksum.add(value)
        }
        for cell in cells { checksum.add(cell) }
        return Outcome(checksum: checksum.value, renders: count)
    }
}
