/// Renders the difference between two values field by field, in the style of a unified diff: unchanged fields
/// are shown plainly (or counted, when there are many), changed ones as a `−` line for the expected value and a
/// `+` line for the actual one, nested values and collection elements drilled into.
enum StructuralDiff {
    /// The rendered difference, or `nil` when the two values dump the same.
    ///
    /// - Parameters:
    ///   - expected: What the test expected.
    ///   - actual: What happened.
    static func render(expected: Any, actual: Any) -> String? {
        let old = ValueDump(expected)
        let new = ValueDump(actual)
        guard old != new else { return nil }
        var output: [String] = []
        lines(for: old, new, label: nil, indent: 0, into: &output)
        return output.joined(separator: "\n")
    }

    private static func lines(
        for old: ValueDump, _ new: ValueDump, label: String?, indent: Int, into lines: inout [String]
    ) {
        let pad = String(repeating: "  ", count: indent)
        let prefix = label.map { "\($0): " } ?? ""
        if old == new {
            lines.append("  \(pad)\(prefix)\(old.singleLine)")
            return
        }
        switch (old, new) {
        case (.record(let oldType, let oldFields), .record(let newType, let newFields))
        where oldType == newType && oldFields.map(\.label) == newFields.map(\.label):
            lines.append("  \(pad)\(prefix)\(oldType)(")
            children(zip(oldFields, newFields).map { ($0.label, $0.value, $1.value) }, indent: indent + 1, into: &lines)
            lines.append("  \(pad))")
        case (.collection(let oldType, let oldElements), .collection(let newType, let newElements))
        where oldType == newType:
            lines.append("  \(pad)\(prefix)[")
            let shared = min(oldElements.count, newElements.count)
            let pairs = (0..<shared).map { (oldElements[$0].label, oldElements[$0].value, newElements[$0].value) }
            children(pairs, indent: indent + 1, into: &lines)
            let childPad = String(repeating: "  ", count: indent + 1)
            for extra in oldElements.dropFirst(shared) {
                lines.append("−\(childPad) \(extra.label): \(extra.value.singleLine)")
            }
            for extra in newElements.dropFirst(shared) {
                lines.append("+\(childPad) \(extra.label): \(extra.value.singleLine)")
            }
            lines.append("  \(pad)]")
        case (.enumCase(let oldType, let oldName, let oldPayload), .enumCase(let newType, let newName, let newPayload))
        where oldType == newType && oldName == newName:
            lines.append("  \(pad)\(prefix).\(oldName)(")
            self.lines(for: oldPayload, newPayload, label: nil, indent: indent + 1, into: &lines)
            lines.append("  \(pad))")
        default:
            lines.append("−\(pad) \(prefix)\(old.singleLine)")
            lines.append("+\(pad) \(prefix)\(new.singleLine)")
        }
    }

    /// Shows changed children in full and runs of more than two unchanged ones as a count.
    private static func children(_ pairs: [(String, ValueDump, ValueDump)], indent: Int, into lines: inout [String]) {
        let pad = String(repeating: "  ", count: indent)
        var unchanged: [(String, ValueDump)] = []
        func flush() {
            if unchanged.count > 2 {
                lines.append("  \(pad)… (\(unchanged.count) unchanged)")
            } else {
                for (label, value) in unchanged { lines.append("  \(pad)\(label): \(value.singleLine)") }
            }
            unchanged = []
        }
        for (label, old, new) in pairs {
            if old == new {
                unchanged.append((label, old))
            } else {
                flush()
                self.lines(for: old, new, label: label, indent: indent, into: &lines)
            }
        }
        flush()
    }
}
