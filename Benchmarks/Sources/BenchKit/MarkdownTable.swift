/// The report's Markdown tables: one per part, each after the part's name in bold, a row per variant in registry
/// order. One table per part, with short headers and the unit said once, keeps each to six columns, narrow enough
/// for the documentation's column; instructions, allocations and times are per unit, and the ratio is of
/// instructions.
enum MarkdownTable {
    static let header = [
        "Variant", "Instructions", "× hand-written", "Allocations", "Time: median (min–max)", "Peak RSS",
    ]

    /// Renders the rows.
    ///
    /// - Parameter results: The measured rows.
    /// - Returns: The tables, each after its part's name, separated by blank lines.
    static func render(_ results: Results) -> String {
        var parts: [(name: String, rows: [Measured])] = []
        for row in results.rows {
            if parts.last?.name == row.variant.group {
                parts[parts.count - 1].rows.append(row)
            } else {
                parts.append((row.variant.group, [row]))
            }
        }
        var lines: [String] = []
        for part in parts {
            // The unit once, after the part's name, when its rows share it; otherwise after each variant.
            let units = Set(part.rows.map(\.unit))
            let shared = units.count == 1 ? units.first : nil
            if !lines.isEmpty { lines.append("") }
            let perUnit = shared.map { "per \($0)" } ?? "per the unit each variant names"
            let rule = header.indices.map { $0 == 0 ? "---" : "---:" }
            var partHeader = header
            if part.rows.contains(where: { $0.variant.baselines.count > 1 }) { partHeader[2] = "× best baseline" }
            lines += ["**\(part.name)** (figures \(perUnit))", "", line(partHeader), line(rule)]
            for row in part.rows {
                var ratio = "–"
                if let mine = row.instructions, let theirs = results.cheapest(of: row.variant.baselines), theirs > 0 {
                    ratio = Format.ratio(mine / theirs)
                }
                lines.append(
                    line([
                        shared == nil ? "\(row.variant.title), per \(row.unit)" : row.variant.title,
                        row.instructions.map(Format.count) ?? "–",
                        ratio,
                        row.allocations.map(Format.allocations) ?? "–",
                        row.nanoseconds.map(Format.spread) ?? "–",
                        row.peakResidentBytes.map(Format.mebibytes) ?? "–",
                    ])
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func line(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingPipes() }.joined(separator: " | ") + " |"
    }
}

extension String {
    /// The text with `|` escaped, so it stays in its cell.
    fileprivate func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
