/// A command typed at a form's prompt instead of a field's text.
///
/// A line typed at a visible prompt that starts with `:` is a command; `::` at the start stands for a literal `:`
/// in the text. A line typed at a hidden prompt is never parsed: it is the secret as typed.
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

    /// Parses a line typed at a visible prompt (never one typed at a hidden prompt).
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
