internal import ConsoleView
internal import LoginFeature

extension Language {
    /// The console view's own words (``ConsoleForm``'s help, refusals, "enabled") in this language.
    var consoleWords: ConsoleWords {
        switch self {
        case .english: .english
        case .chinese: .chinese
        }
    }
}
