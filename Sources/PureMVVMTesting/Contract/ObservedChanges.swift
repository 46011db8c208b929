import PureMVVM

/// What really changed between two outputs snapshots, as the tester works it out by itself (see
/// ``OutputsLayout``).
struct ObservedChanges<Outputs: ViewOutputs> {
    /// The fields whose values changed.
    var fields = ChangeSet<Outputs>()
    /// The stored properties whose values changed, by position.
    var properties = PositionSet()
    /// Changed stored properties that no field stands for.
    var uncovered = PositionSet()

    /// Whether nothing changed.
    var isEmpty: Bool { fields.isEmpty && properties.isEmpty }
}

/// A set of small non-negative positions that does not allocate below 64.
struct PositionSet: Sequence {
    private var low: UInt64 = 0
    private var high: [Int] = []

    var isEmpty: Bool { low == 0 && high.isEmpty }

    mutating func insert(_ position: Int) {
        if position < 64 {
            low |= 1 << UInt64(position)
        } else if !high.contains(position) {
            high.append(position)
        }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 ? low & (1 << UInt64(position)) != 0 : high.contains(position)
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        var bits = low
        var rest = high.sorted().makeIterator()
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
