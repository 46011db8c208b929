/// A command typed at the orders screen's prompt.
enum OrdersCommand: Equatable {
    /// Open an order, by its row number as shown (from 1).
    case open(Int)
    /// Cancel an order, by its row number as shown (from 1).
    case cancel(Int)
    /// `cancel` without a row number, or with something else after it.
    case cancelWithoutNumber
    /// Load the next page.
    case more
    /// Load the list again from its first page.
    case refresh
    /// Load again what failed.
    case retry
    /// Show the orders that contain the text; all of them for empty text.
    case search(String)
    /// Return to the home screen.
    case back
    /// Leave, signed in.
    case quit
    /// List the commands.
    case help
    /// An empty line: nothing to do.
    case nothing
    /// Anything else, as typed.
    case unknown(String)

    /// Parses a typed line. Surrounding spaces are ignored and command words may be in any letter case; the text
    /// of `search TEXT` is kept as typed (the service lowercases it). The login form's `:quit` and `:help` work
    /// too.
    ///
    /// - Parameter line: The line.
    /// - Returns: The command.
    static func parse(_ line: String) -> OrdersCommand {
        let text = trimmed(line)
        let word = text.prefix { !$0.isWhitespace }
        let rest = trimmed(String(text.dropFirst(word.count)))
        switch word.lowercased() {
        case "": return .nothing
        case "search": return .search(rest)
        case "cancel": return number(rest).map(Self.cancel) ?? .cancelWithoutNumber
        case _ where !rest.isEmpty: return .unknown(text)
        case "more": return .more
        case "refresh": return .refresh
        case "retry": return .retry
        case "back": return .back
        case "quit", "q", ":quit", ":q": return .quit
        case "help", "?", ":help", ":h", ":?": return .help
        default: return number(text).map(Self.open) ?? .unknown(text)
        }
    }

    /// A row number: 1 to 9 ASCII digits.
    private static func number(_ text: String) -> Int? {
        guard (1...9).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
