/// One change of a list, before and after, at one size: what a diff is asked in one event.
///
/// The kinds are the list changes an app sees: one row's value changed, a row inserted at the front, a page
/// appended, a sliding window (the first row gone, one appended at the end), scattered changes of every kind, and
/// a whole new list. The first three are settled by matching the lists' common start and end; the others are not.
struct RowDiffScenario: Sendable {
    /// What changes between the two lists.
    enum Kind: String, CaseIterable, Sendable {
        /// The value of the row in the middle changed.
        case changed
        /// A row inserted at the front.
        case front
        /// A page of 20 rows appended at the end.
        case page
        /// A sliding window, as a feed that keeps its length: the first row removed, one appended.
        case window
        /// One row in a hundred deleted, as many inserted, moved and changed in value, at seeded random places.
        case scattered
        /// Every row replaced by a row with a new ID.
        case replaced
        /// As `scattered`, one row in a thousand of each.
        case sparse
        /// As `scattered`, one row in ten of each.
        case dense
        /// A row inserted at the front, nothing else changed until the last tenth, where every other row is
        /// replaced: the first steps of a walk along the edits see few, and the edits are many.
        case clustered
    }

    /// The list sizes measured for most changes.
    static let sizes = [1_000, 10_000, 100_000, 1_000_000]

    /// The sizes a change is measured at: the last three, which look at how the density of the changes decides the
    /// toolkit's way, at 10,000 rows only.
    static func sizes(of kind: Kind) -> [Int] {
        switch kind {
        case .sparse, .dense, .clustered: [10_000]
        default: sizes
        }
    }

    /// Every change and size measured, by change, then size.
    static let cases: [(kind: Kind, size: Int)] = Kind.allCases.flatMap { kind in sizes(of: kind).map { (kind, $0) } }

    let kind: Kind
    /// The rows of the list before.
    let size: Int
    /// The list before.
    let old: [BenchRow]
    /// The list after.
    let new: [BenchRow]

    /// The id's part after `rows.`, such as `window.10000`.
    var name: String { "\(kind.rawValue).\(size)" }

    /// What changes, for the rows' titles, such as "a window of 10,000 slid by one (first row removed, one
    /// appended)".
    static func title(_ kind: Kind, size: Int) -> String {
        let rows = grouped(size)
        return switch kind {
        case .changed: "one row changed among \(rows)"
        case .front: "a row inserted at the front of \(rows)"
        case .page: "a page of 20 appended to \(rows)"
        case .window: "a window of \(rows) slid by one (first row removed, one appended)"
        case .scattered: "\(rows) rows, 1% each deleted, inserted, moved and changed, scattered"
        case .replaced: "\(rows) rows replaced by \(rows) new ones"
        case .sparse: "\(rows) rows, 0.1% each deleted, inserted, moved and changed, scattered"
        case .dense: "\(rows) rows, 10% each deleted, inserted, moved and changed, scattered"
        case .clustered: "\(rows) rows, one inserted at the front and every other row of the last tenth replaced"
        }
    }

    /// The scenario of a kind at a size; the same rows every time (the scattered changes come from a seeded
    /// generator).
    init(_ kind: Kind, size: Int) {
        self.kind = kind
        self.size = size
        old = Self.rows(0..<size)
        switch kind {
        case .changed:
            var new = old
            new[size / 2].value += 1
            self.new = new
        case .front:
            new = [BenchRow(id: -1, value: -1)] + old
        case .page:
            new = old + Self.rows(size..<(size + 20))
        case .window:
            new = Array(old.dropFirst()) + Self.rows(size..<(size + 1))
        case .scattered:
            new = Self.scattered(old, oneIn: 100)
        case .replaced:
            new = Self.rows(size..<(2 * size))
        case .sparse:
            new = Self.scattered(old, oneIn: 1_000)
        case .dense:
            new = Self.scattered(old, oneIn: 10)
        case .clustered:
            let tenth = size - size / 10
            let replaced = old[tenth...].map { row in
                row.id % 2 == 0 ? BenchRow(id: 10 * size + row.id, value: row.value) : row
            }
            new = [BenchRow(id: -1, value: -1)] + old[..<tenth] + replaced
        }
    }

    /// One row in `oneIn` (at least one) deleted, as many moved elsewhere, as many changed in value, and as many
    /// new rows inserted, each at a place drawn from a generator seeded with the list's size.
    private static func scattered(_ old: [BenchRow], oneIn: Int) -> [BenchRow] {
        let count = max(old.count / oneIn, 1)
        var generator = SplitMix(seed: UInt64(old.count))
        // Distinct old positions: the first `count` deleted, the next moved, the next changed.
        var picked = Set<Int>()
        var order: [Int] = []
        while order.count < 3 * count, order.count < old.count {
            let index = Int(generator.next() % UInt64(old.count))
            if picked.insert(index).inserted { order.append(index) }
        }
        let deleted = Set(order.prefix(count))
        let moved = Array(order.dropFirst(count).prefix(count))
        let changed = Set(order.dropFirst(2 * count))
        let movedSet = Set(moved)
        var kept: [BenchRow] = []
        kept.reserveCapacity(old.count)
        for (index, row) in old.enumerated() where !deleted.contains(index) && !movedSet.contains(index) {
            var row = row
            if changed.contains(index) { row.value += 1 }
            kept.append(row)
        }
        // The moved rows, then the new ones, each before the kept row at a random place (or at the end), in the
        // order drawn where two share a place.
        let arriving =
            moved.map { old[$0] } + (old.count..<(old.count + count)).map { BenchRow(id: $0, value: $0 &* 3) }
        let places = arriving.indices.map { (place: Int(generator.next() % UInt64(kept.count + 1)), order: $0) }
            .sorted { ($0.place, $0.order) < ($1.place, $1.order) }
        var new: [BenchRow] = []
        new.reserveCapacity(kept.count + arriving.count)
        var next = places.startIndex
        for place in 0...kept.count {
            while next < places.endIndex, places[next].place == place {
                new.append(arriving[places[next].order])
                next += 1
            }
            if place < kept.count { new.append(kept[place]) }
        }
        return new
    }

    /// The changes of a kind at a size counted as the standard library's diff counts them: a deletion, an
    /// insertion, or two for a move. Its `difference(from:)` keeps O(d²) integers for d of them.
    static func editDistance(_ kind: Kind, size: Int) -> Int {
        switch kind {
        case .changed: 0
        case .front: 1
        case .window: 2
        case .page: 20
        case .scattered: 4 * max(size / 100, 1)
        case .replaced: 2 * size
        case .sparse: 4 * max(size / 1_000, 1)
        case .dense: 4 * max(size / 10, 1)
        case .clustered: 1 + size / 10
        }
    }

    /// Rows whose IDs are `ids` and whose values are their IDs times 3.
    static func rows(_ ids: Range<Int>) -> [BenchRow] {
        ids.map { BenchRow(id: $0, value: $0 &* 3) }
    }

    /// A count with thousands separators: `10,000`.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
