internal import Foundation

/// Names an input in failure messages by the code the test wrote, such as `usernameDidChange("dim")`, read from
/// the test's own source line; falls back to `the input at File.swift:42`.
enum InputName {
    @MainActor private static var sourceCache: [String: [Substring]] = [:]

    @MainActor
    static func at(_ location: FailureLocation) -> String {
        let fallback = "the input at \(location.fileID):\(location.line)"
        let path = "\(location.filePath)"
        if sourceCache[path] == nil {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            sourceCache[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = sourceCache[path], location.line >= 1, Int(location.line) <= lines.count else {
            return fallback
        }
        // The input's closure may start on a following line when the call is wrapped.
        let first = Int(location.line) - 1
        for line in lines[first..<min(first + 3, lines.count)] {
            if let call = call(in: line) { return "`\(call)`" }
        }
        return fallback
    }

    /// The first `$0.name(…)` or `viewModel.name(…)` call on a line, with balanced parentheses.
    static func call(in line: Substring) -> String? {
        guard let dollar = line.range(of: "$0.") ?? line.range(of: "viewModel.") else { return nil }
        var depth = 0
        var end = dollar.upperBound
        var sawParen = false
        while end < line.endIndex {
            let character = line[end]
            if character == "(" {
                depth += 1
                sawParen = true
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return String(line[dollar.upperBound...end]) }
            } else if !sawParen, !(character.isLetter || character.isNumber || character == "_") {
                return nil
            }
            end = line.index(after: end)
        }
        return nil
    }
}
