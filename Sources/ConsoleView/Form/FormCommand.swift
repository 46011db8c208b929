/// A command typed at a form's prompt instead of a field's text.
///
/// A line that starts with `:` is a command; `::` at the start stands for a literal `:` in the text.
enum FormCommand: Hashable {
    case help
    case back
    case next
    case quit
    case unknown(String)

    /// What a typed line means.
    enum Parsed: Hashable {
        case command(FormCommand)
        case text(String)
    }

    /// Parses a typed line.
    static func parse(_ line: String) -> Parsed {
        guard line.hasPrefix(":") else { return .text(line) }
        if line.hasPrefix("::") { return .text(String(line.dropFirst())) }
        switch line {
        case ":help", ":h", ":?": return .command(.help)
        case ":back", ":b": return .command(.back)
        case ":next", ":n": return .command(.next)
        case ":quit", ":q": return .command(.quit)
        default: return .command(.unknown(line))
        }
    }
}
