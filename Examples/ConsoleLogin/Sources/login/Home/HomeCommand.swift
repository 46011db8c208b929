/// A command typed at the home screen's prompt.
enum HomeCommand: Equatable {
    /// Open a menu item, by its number as shown (from 1).
    case menu(Int)
    /// Load the profile again after a failure.
    case retry
    /// Sign out and return to the login.
    case logout
    /// Leave, signed in.
    case quit
    /// List the commands.
    case help
    /// An empty line: nothing to do.
    case nothing
    /// Anything else, as typed.
    case unknown(String)

    /// Parses a typed line. Surrounding spaces are ignored; the login form's `:quit` and `:help` work too.
    ///
    /// - Parameter line: The line.
    /// - Returns: The command.
    static func parse(_ line: String) -> HomeCommand {
        let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
        let text = String(line.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        switch text.lowercased() {
        case "": return .nothing
        case "retry": return .retry
        case "logout": return .logout
        case "quit", "q", ":quit", ":q": return .quit
        case "help", "?", ":help", ":h", ":?": return .help
        default:
            guard text.count <= 9, text.allSatisfy(\.isASCIIDigit), let number = Int(text) else {
                return .unknown(text)
            }
            return .menu(number)
        }
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0 to 9 (not another script's digit).
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
