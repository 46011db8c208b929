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

    /// The help text, for a form whose action is `actionTitle`.
    static func help(actionTitle: String) -> String {
        """
        Type a field's text and press Enter; when every field is valid, "\(actionTitle)" runs.
        Commands, at any prompt but a hidden one:
          :back   go back to the previous field
          :next   go on to the next field
          :help   show this help
          :quit   leave without "\(actionTitle)" (Ctrl-D does the same)
        To type text that starts with ':', type '::' instead. Ctrl-C interrupts.
        At a hidden prompt (a password) every line is the password, even one that starts with ':';
        to leave it, press Ctrl-D (or Ctrl-C to interrupt).

        """
    }
}
