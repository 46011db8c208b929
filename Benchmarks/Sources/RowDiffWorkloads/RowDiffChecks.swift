public import BenchKit
internal import PureMVVM

/// The check behind part 6: every method a row measures gives the right rows in UIKit batch order
/// (``BatchOrder``) on seeded random changes of small lists, and on every change kind at 1,000 and 10,000 rows;
/// and the number of moves each names, against the fewest possible.
extension RowDiffVariants {
    /// The checks `bench quick` runs (and a report, before it measures).
    public static let checks = [
        Check("every row diff, applied in UIKit batch order, gives the new rows") { checkEveryMethod() }
    ]

    /// The random cases checked.
    static let randomCases = 5_000

    static func checkEveryMethod() -> CheckResult {
        var generator = SplitMix(seed: 32)
        var extraMoves = [RowDiffMethod: Int]()
        for number in 0..<randomCases {
            let (old, new) = randomChange(&generator)
            let fewest = BatchOrder.fewestMoves(old: old, new: new)
            for method in RowDiffMethod.allCases {
                let changes = method.changes(old: old, new: new)
                if let problem = BatchOrder.problem(in: changes, old: old, new: new) {
                    return .failed(
                        "\(method.rawValue), random case \(number): \(problem); old \(old.map(\.id)), "
                            + "new \(new.map { "\($0.id):\($0.value)" })")
                }
                extraMoves[method, default: 0] += changes.moves.count - fewest
            }
        }
        for (kind, size) in RowDiffScenario.cases where size <= 10_000 {
            let scenario = RowDiffCache.scenario(kind, size: size)
            // The standard library's diff where it answers within a second.
            for method in RowDiffMethod.measured(on: kind, size: size)
            where estimatedInstructions(kind, size: size, method) < 2e8 {
                let changes = method.changes(old: scenario.old, new: scenario.new)
                if let problem = BatchOrder.problem(in: changes, old: scenario.old, new: scenario.new) {
                    return .failed("\(method.rawValue), \(scenario.name): \(problem)")
                }
            }
        }
        let moves = RowDiffMethod.allCases.map { "\($0.rawValue) +\(extraMoves[$0] ?? 0)" }.joined(separator: ", ")
        return .passed(
            "\(randomCases) random changes of up to 40 rows and every change kind at 1,000 and 10,000 rows, "
                + "\(RowDiffMethod.allCases.count) methods; moves named beyond the fewest, in all: \(moves)")
    }

    /// A random change of a small list: rows deleted, inserted, moved and changed in value, or one of the shapes of
    /// the scenarios (a page appended, a window slid, every row replaced, nothing changed).
    static func randomChange(_ generator: inout SplitMix) -> (old: [BenchRow], new: [BenchRow]) {
        func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
        let count = random(0...40)
        let old = (0..<count).map { BenchRow(id: $0 * 3, value: random(0...3)) }
        var new = old
        switch random(0...9) {
        case 0: new = (0..<random(0...40)).map { BenchRow(id: 1_000 + $0, value: 0) }
        case 1: new += (0..<random(1...5)).map { BenchRow(id: 500 + $0, value: 0) }
        case 2 where count > 0: new = Array(new.dropFirst(random(1...min(3, count)))) + [BenchRow(id: 700, value: 1)]
        case 3: break
        default:
            for _ in 0..<random(0...8) {
                switch random(0...3) {
                case 0 where !new.isEmpty: new.remove(at: random(0...(new.count - 1)))
                case 1: new.insert(BenchRow(id: 1 + 3 * random(0...60), value: 9), at: random(0...new.count))
                case 2 where new.count > 1:
                    new.insert(new.remove(at: random(0...(new.count - 1))), at: random(0...(new.count - 1)))
                case 3 where !new.isEmpty: new[random(0...(new.count - 1))].value += 1
                default: break
                }
            }
            // An inserted ID may repeat one already there: keep the first of each.
            var seen = Set<Int>()
            new = new.filter { seen.insert($0.id).inserted }
        }
        return (old, new)
    }
}
