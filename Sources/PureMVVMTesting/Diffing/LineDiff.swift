/// A unified diff of two texts, line by line, with three lines of context, in the format of `diff -u`.
enum LineDiff {
    /// The diff, or `nil` when the texts are equal.
    ///
    /// - Parameters:
    ///   - expected: The stored text.
    ///   - actual: The text the test produced.
    ///   - expectedName: The `---` header, such as the golden file's path.
    ///   - actualName: The `+++` header.
    static func unified(expected: String, actual: String, expectedName: String, actualName: String) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(from: old, to: new)
        var output = ["--- \(expectedName)", "+++ \(actualName)"]
        for hunk in hunks(of: edits, context: 3) {
            output.append(hunk)
        }
        return output.joined(separator: "\n")
    }

    private enum Edit {
        case same(String), removed(String), inserted(String)
    }

    private static func script(from old: [String], to new: [String]) -> [Edit] {
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var edits: [Edit] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                edits.append(.removed(old[oldIndex]))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                edits.append(.inserted(new[newIndex]))
                newIndex += 1
            } else {
                edits.append(.same(old[oldIndex]))
                oldIndex += 1
                newIndex += 1
            }
        }
        return edits
    }

    private static func hunks(of edits: [Edit], context: Int) -> [String] {
        let changed = edits.indices.filter {
            if case .same = edits[$0] { return false }
            return true
        }
        guard !changed.isEmpty else { return [] }
        // Group changes whose context windows touch.
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let window = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = groups.last, window.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...window.upperBound
            } else {
                groups.append(window)
            }
        }
        var lines: [String] = []
        for group in groups {
            var oldStart = 1
            var newStart = 1
            for edit in edits[..<group.lowerBound] {
                switch edit {
                case .same: oldStart += 1; newStart += 1
                case .removed: oldStart += 1
                case .inserted: newStart += 1
                }
            }
            var oldCount = 0
            var newCount = 0
            var body: [String] = []
            for edit in edits[group] {
                switch edit {
                case .same(let line):
                    body.append(" " + visible(line)); oldCount += 1; newCount += 1
                case .removed(let line):
                    body.append("-" + visible(line)); oldCount += 1
                case .inserted(let line):
                    body.append("+" + visible(line)); newCount += 1
                }
            }
            lines.append(
                "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@"
            )
            lines.append(contentsOf: body)
        }
        return lines
    }

    /// Shows control characters (an escape sequence, a carriage return) as `\u{1B}` so a diff line never
    /// changes the terminal it is printed on, and trailing spaces as `·` so they can be seen.
    static func visible(_ line: String) -> String {
        var result = ""
        for scalar in line.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        let trailing = result.reversed().prefix { $0 == " " }.count
        return trailing == 0 ? result : String(result.dropLast(trailing)) + String(repeating: "·", count: trailing)
    }
}
