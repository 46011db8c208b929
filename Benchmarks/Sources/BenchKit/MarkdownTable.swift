/// The one Markdown table the report prints: a row per variant, in registry order.
enum MarkdownTable {
    static let header = [
        "Part", "Variant", "Unit", "Time per unit: median (min–max)", "Instructions per unit",
        "× hand-written (instructions)", "Allocations per unit", "Peak RSS",
    ]

    /// Renders the rows.
    ///
    /// - Parameter results: The measured rows.
    /// - Returns: The table, one line per row after the header and its rule.
    static func render(_ results: Results) -> String {
        var lines = [line(header), line(header.indices.map { $0 < 3 ? "---" : "---:" })]
        for row in results.rows {
            var ratio = "–"
            if let baseline = row.variant.baseline, let mine = row.instructions,
                let theirs = results.instructions(baseline), theirs > 0
            {
                ratio = Format.ratio(mine / theirs)
            }
            lines.append(
                line([
                    row.variant.group,
                    row.variant.title,
                    row.unit,
                    row.nanoseconds.map(Format.spread) ?? "–",
                    row.instructions.map(Format.count) ?? "–",
                    ratio,
                    row.allocations.map(Format.allocations) ?? "–",
                    row.peakResidentBytes.map(Format.mebibytes) ?? "–",
                ])
            )
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
