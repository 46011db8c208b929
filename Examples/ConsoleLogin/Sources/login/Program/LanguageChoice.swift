internal import LoginFeature

/// The one place that chooses the language of a run: `--language`, else the POSIX locale. Everything the run
/// prints (help, usage errors, prompts, alerts, screens, errors) is then in that language.
///
/// The locale is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty (POSIX: an empty
/// variable counts as unset). A value that starts with `zh` (`zh_CN.UTF-8`, `zh_TW`, `zh`) means Chinese, the
/// only Chinese this program writes being Simplified; anything else (`en_US.UTF-8`, `C`, `POSIX`, `fr_FR`), or no
/// variable at all, means English.
///
/// The flag is read from the raw arguments, before they are parsed, so a usage error is already in the chosen
/// language: the first `--language VALUE` or `--language=VALUE` before `--`, when VALUE is `zh` or `en` (the
/// parser refuses any other value, and then the locale chooses the language of that refusal).
enum LanguageChoice {
    /// The variables the locale is read from, in the order POSIX gives them precedence.
    static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language of a run.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process's environment variables (only the locale's are read).
    /// - Returns: The flag's language, else the locale's.
    static func language(arguments: [String], environment: [String: String]) -> Language {
        flag(in: arguments) ?? locale(environment)
    }

    /// The language `--language` gives, if any.
    ///
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The language of the first `--language` before `--`; `nil` when there is none, or its value is
    ///   missing or not a language.
    static func flag(in arguments: [String]) -> Language? {
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--language" { return rest.first.flatMap(Language.init(rawValue:)) }
            // By scalar, as the parser splits it: a combining mark after "=" belongs to the value.
            let scalars = argument.unicodeScalars
            if scalars.starts(with: "--language=".unicodeScalars) {
                return Language(rawValue: String(scalars.dropFirst(11)))
            }
        }
        return nil
    }

    /// The language of the POSIX locale.
    ///
    /// - Parameter environment: The process's environment variables.
    /// - Returns: Chinese when the first locale variable that is set and not empty starts with `zh`; English
    ///   otherwise.
    static func locale(_ environment: [String: String]) -> Language {
        let value = localeVariables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return value?.hasPrefix("zh") == true ? .chinese : .english
    }
}
