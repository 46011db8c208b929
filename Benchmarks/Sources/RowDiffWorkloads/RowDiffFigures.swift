public import BenchKit
internal import PureMVVM

/// The figures under part 6's table: per change and size, instructions per list row of every method, which baseline
/// is cheapest and the toolkit's ratio to it, the moves each names, and the memory each diff needed above its
/// inputs.
extension RowDiffVariants {
    /// One line per change and size.
    public static let figures: [DerivedFigure] = RowDiffScenario.cases.map { kind, size in
        DerivedFigure { results in line(kind, size: size, results) }
    }

    /// The toolkit's ratio, on the ViewModel's path, to the cheapest baseline of a change at a size, with that
    /// baseline's id; `nil` when a row is missing.
    public static func ratioToBest(_ kind: String, size: Int, _ results: Results) -> (ratio: Double, best: String)? {
        guard let kind = RowDiffScenario.Kind(rawValue: kind),
            let toolkit = results.instructions(id(kind, size: size, .toolkit)),
            let (best, bestID) = results.cheapestRow(of: baselineIDs(kind, size: size))
        else { return nil }
        return (toolkit / best, bestID)
    }

    /// Every change and size measured, the change by its ids' name.
    public static let cases = RowDiffScenario.cases.map { (kind: $0.kind.rawValue, size: $0.size) }

    /// The list sizes of most changes.
    public static let sizes = RowDiffScenario.sizes

    private static func line(_ kind: RowDiffScenario.Kind, size: Int, _ results: Results) -> String? {
        let methods = RowDiffMethod.measured(on: kind, size: size)
        let rows = Double(RowDiffCache.scenario(kind, size: size).new.count)
        var parts: [String] = []
        for method in methods {
            guard let instructions = results.instructions(id(kind, size: size, method)) else { return nil }
            parts.append("\(method.shortName) \(Format.significant(instructions / rows))")
        }
        guard let (ratio, best) = ratioToBest(kind.rawValue, size: size, results) else { return nil }
        let bestName = methods.first { id(kind, size: size, $0) == best }?.shortName ?? best
        let scenario = RowDiffCache.scenario(kind, size: size)
        let fewest = BatchOrder.fewestMoves(old: scenario.old, new: scenario.new)
        var text =
            "Row diff, \(RowDiffScenario.title(kind, size: size)): instructions per list row: "
            + parts.joined(separator: ", ") + "; cheapest baseline \(bestName), the toolkit \(Format.ratio(ratio)) "
            + "of it"
        if fewest > 0 {
            let moves = methods.filter { $0 != .prebuilt }.map { method in
                "\(method.shortName) \(RowDiffCache.answer(method, on: scenario).moves.count)"
            }
            text += "; moves named (fewest \(fewest)): " + moves.joined(separator: ", ")
        }
        let memory = methods.filter { $0 != .prebuilt }.compactMap { method in
            results[id(kind, size: size, method)]?.peakWorkingBytes.map {
                "\(method.shortName) \(Format.mebibytes($0))"
            }
        }
        if !memory.isEmpty { text += "; memory above the inputs at the diff's peak: " + memory.joined(separator: ", ") }
        return text
    }
}

extension RowDiffMethod {
    /// A name for the figures' lines.
    var shortName: String {
        switch self {
        case .toolkit: "toolkit (ViewModel's path)"
        case .prebuilt: "toolkit (`Rows` made before)"
        case .dictionary: "trim + dictionary"
        case .standardLibrary: "`inferringMoves()`"
        case .startsWith: "`starts(with:)`"
        }
    }
}
