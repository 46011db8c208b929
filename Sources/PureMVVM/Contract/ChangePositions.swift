/// A change set's positions without its outputs type: for the test support, which is compiled once for every
/// ViewModel, so that keeping and comparing the change set of every reload looks up no generic metadata.
package struct ChangePositions: Hashable, Sendable {
    /// Positions 0 to 63, one bit each.
    package let low: UInt64
    /// Positions from 64 up.
    let high: HighPositions

    /// The empty set.
    package init() {
        low = 0
        high = .none
    }

    /// A set of positions.
    ///
    /// - Parameters:
    ///   - low: Positions 0 to 63, one bit each.
    ///   - highPositions: Positions from 64 up, in any order.
    package init(low: UInt64, highPositions: [Int]) {
        self.low = low
        var high = HighPositions.none
        for position in highPositions where position >= 64 { high.insert(position) }
        self.high = high
    }

    init(low: UInt64, high: HighPositions) {
        self.low = low
        self.high = high
    }

    /// Whether no position is in the set.
    package var isEmpty: Bool { low == 0 && high.isEmpty }

    /// The positions from 64 up, lowest first.
    package var highPositions: [Int] { high.positions }

    /// Whether a position is in the set.
    ///
    /// - Parameter position: A field's position.
    /// - Returns: `true` when it is in the set.
    package func contains(_ position: Int) -> Bool {
        if position < 64 { return position >= 0 && low & (1 << UInt64(position)) != 0 }
        return high.contains(position)
    }
}

extension ChangeSet {
    /// The positions of the fields in the set.
    package var positions: ChangePositions { ChangePositions(low: low, high: high) }

    /// The change set of some positions.
    ///
    /// - Parameter positions: The positions of the fields that changed.
    package init(_ positions: ChangePositions) {
        low = positions.low
        high = positions.high
    }
}
