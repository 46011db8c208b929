/// A row of the row-diff benchmarks: an ID and a value, as small as a row can be, so the figures are the diff's.
struct BenchRow: Identifiable, Equatable, Sendable {
    let id: Int
    var value: Int
}
