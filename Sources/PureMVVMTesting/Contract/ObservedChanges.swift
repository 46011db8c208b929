import PureMVVM

/// What really changed between two outputs snapshots, as the tester works it out by itself (see
/// ``OutputsLayout``): positions only, so that working it out after every input looks up no generic metadata.
struct ObservedChanges {
    /// The positions of the fields whose values changed.
    var fields = PositionSet()
    /// The stored properties whose values changed, by position.
    var properties = PositionSet()
    /// Changed stored properties that no field stands for.
    var uncovered = PositionSet()

    /// Whether nothing changed.
    var isEmpty: Bool { fields.isEmpty && properties.isEmpty }

    /// The fields whose values changed, as a change set of the outputs.
    ///
    /// - Parameter outputs: The outputs type.
    /// - Returns: The change set.
    func fields<Outputs: ViewOutputs>(of outputs: Outputs.Type) -> ChangeSet<Outputs> {
        ChangeSet(fields.positions)
    }
}

/// A set of small non-negative positions that does not allocate below 64.
struct PositionSet: Sequence {
    private var low: UInt64 = 0
    /// Positions from 64 up, in the order they came; `nil` rather than empty, so that a set below 64 holds no
    /// reference to release.
    private var high: [Int]?

    var isEmpty: Bool {
        guard low == 0, case .none = high else { return false }
        return true
    }

    mutating func insert(_ position: Int) {
        if position < 64 {
            low |= 1 << UInt64(position)
        } else if high == nil {
            high = [position]
        } else if high?.contains(position) == false {
            high?.append(position)
        }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 ? low & (1 << UInt64(position)) != 0 : high?.contains(position) == true
    }

    /// The same positions as a change set's.
    var positions: ChangePositions { ChangePositions(low: low, highPositions: high ?? []) }

    /// Whether the set holds exactly the positions of a change set.
    ///
    /// - Parameter positions: A change set's positions.
    /// - Returns: `true` when both hold the same positions.
    func holdsExactly(_ positions: ChangePositions) -> Bool {
        guard low == positions.low else { return false }
        guard let high else { return positions.highPositions.isEmpty }
        return high.sorted() == positions.highPositions
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        var bits = low
        var rest = (high ?? []).sorted().makeIterator()
        return AnyIterator {
            if bits != 0 {
                let position = bits.trailingZeroBitCount
                bits &= bits - 1
                return position
            }
            return rest.next()
        }
    }
}
