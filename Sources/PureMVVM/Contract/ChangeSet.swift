/// The outputs that changed in one reload: a small set of fields that never allocates for the usual screen.
///
/// A view reads it in ``ReloadDelegate/reloadViews(_:from:)`` to redraw only what changed:
///
/// ```swift
/// func reloadViews(
///     _ changes: ChangeSet<LoginOutputs>,
///     from outputs: ReadOnlyOutputs<LoginOutputs>
/// ) {
///     if changes.contains(.usernameBorder) {
///         usernameField.border = outputs.usernameBorder
///     }
///     if changes.contains(.isLoginEnabled) {
///         loginButton.isEnabled = outputs.isLoginEnabled
///     }
/// }
/// ```
///
/// Fields at positions below 64 live in one machine word. Up to two fields further out are kept inline too, so
/// a screen with thousands of outputs that changes one or two per event does not allocate either; only a reload
/// that changes three or more fields past position 63 uses heap storage.
public struct ChangeSet<Outputs: ViewOutputs>: Hashable, Sendable {
    /// The names of the outputs.
    public typealias Field = Outputs.Field

    /// Fields at positions 0 to 63, one bit each.
    @usableFromInline var low: UInt64 = 0
    /// Fields at position 64 and beyond, sorted by position.
    @usableFromInline var high: HighPositions = .none

    /// Creates an empty change set.
    @inlinable
    public init() {}

    /// Creates a change set holding the given fields.
    ///
    /// - Parameter fields: The fields that changed, in any order; duplicates are ignored.
    public init(_ fields: some Sequence<Field>) {
        for field in fields { insert(field) }
    }

    /// Every output of the screen, for a view's first full draw:
    /// `reloadViews(.all, from: ReadOnlyOutputs(viewModel.outputs))`.
    ///
    /// It holds each field `allCases` lists.
    public static var all: ChangeSet<Outputs> {
        ChangeSet(Field.allCases)
    }

    /// Whether no output changed.
    @inlinable
    public var isEmpty: Bool { low == 0 && high.isEmpty }

    /// How many outputs changed.
    public var count: Int { low.nonzeroBitCount + high.count }

    /// Tells whether an output changed.
    ///
    /// - Parameter field: The output to look for.
    /// - Returns: `true` when `field` is in the set.
    @inlinable
    public func contains(_ field: Field) -> Bool {
        let position = field.index
        if position < 64 { return position >= 0 && low & (1 << UInt64(position)) != 0 }
        return high.contains(position)
    }

    /// Adds an output to the set.
    ///
    /// - Parameter field: The output that changed.
    /// - Precondition: `field.index` is not negative.
    @inlinable
    public mutating func insert(_ field: Field) {
        let position = field.index
        precondition(position >= 0, "OutputField.index must not be negative (got \(position) for \(field))")
        if position < 64 {
            low |= 1 << UInt64(position)
        } else {
            high.insert(position)
        }
    }

    /// Adds every output of another change set.
    ///
    /// - Parameter other: The outputs to add.
    public mutating func formUnion(_ other: ChangeSet<Outputs>) {
        low |= other.low
        for position in other.high.positions { high.insert(position) }
    }
}

extension ChangeSet: Sequence {
    /// Visits the changed fields in position order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var low: UInt64
        @usableFromInline let high: HighPositions
        @usableFromInline var highOffset = 0

        @inlinable
        init(low: UInt64, high: HighPositions) {
            self.low = low
            self.high = high
        }

        /// Returns the next changed field, or `nil` after the last one.
        ///
        /// - Returns: The next field in position order.
        @inlinable
        public mutating func next() -> Field? {
            while low != 0 {
                let position = low.trailingZeroBitCount
                low &= low - 1
                if let field = Field(index: position) { return field }
            }
            while let position = high.position(at: highOffset) {
                highOffset += 1
                if let field = Field(index: position) { return field }
            }
            return nil
        }
    }

    /// Returns an iterator over the changed fields, in position order.
    ///
    /// - Returns: An iterator over the fields.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(low: low, high: high)
    }

    /// The number of changed fields, known without iterating.
    public var underestimatedCount: Int { count }
}

extension ChangeSet: ExpressibleByArrayLiteral {
    /// Creates a change set from a list of fields, as in `[.usernameBorder, .isLoginEnabled]`.
    ///
    /// - Parameter fields: The fields that changed.
    public init(arrayLiteral fields: Field...) {
        self.init(fields)
    }
}

extension ChangeSet: CustomStringConvertible {
    /// The changed fields in position order, as in `[usernameBorder, isLoginEnabled]`.
    public var description: String {
        "[" + map { String(describing: $0) }.joined(separator: ", ") + "]"
    }
}

/// Positions from 64 up: none, one or two inline, more on the heap. The form is canonical (sorted, no
/// duplicates, inline whenever two or fewer), so synthesised equality is set equality.
///
/// Internal but `@usableFromInline`: ``ChangeSet``'s hot methods are `@inlinable`, so a ViewModel's module
/// specialises them for its own outputs instead of calling generic code through witness tables.
@usableFromInline
enum HighPositions: Hashable, Sendable {
    case none
    case one(Int)
    case two(Int, Int)
    case many([Int])

    @inlinable
    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    @usableFromInline
    var count: Int {
        switch self {
        case .none: 0
        case .one: 1
        case .two: 2
        case .many(let positions): positions.count
        }
    }

    var positions: [Int] {
        switch self {
        case .none: []
        case .one(let a): [a]
        case .two(let a, let b): [a, b]
        case .many(let positions): positions
        }
    }

    @inlinable
    func position(at offset: Int) -> Int? {
        switch (self, offset) {
        case (.one(let a), 0), (.two(let a, _), 0): a
        case (.two(_, let b), 1): b
        case (.many(let positions), _) where offset < positions.count: positions[offset]
        default: nil
        }
    }

    @inlinable
    func contains(_ position: Int) -> Bool {
        switch self {
        case .none: false
        case .one(let a): a == position
        case .two(let a, let b): a == position || b == position
        case .many(let positions): positions.contains(position)
        }
    }

    @inlinable
    mutating func insert(_ position: Int) {
        switch self {
        case .none:
            self = .one(position)
        case .one(let a) where a == position, .two(let a, _) where a == position, .two(_, let a) where a == position:
            return
        case .one(let a):
            self = a < position ? .two(a, position) : .two(position, a)
        case .two(let a, let b):
            self = .many([a, b, position].sorted())
        case .many(var positions):
            guard !positions.contains(position) else { return }
            self = .none
            positions.insert(position, at: positions.firstIndex { $0 > position } ?? positions.endIndex)
            self = .many(positions)
        }
    }
}
