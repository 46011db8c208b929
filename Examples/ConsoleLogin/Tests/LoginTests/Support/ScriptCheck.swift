import Foundation
import LoginFeature

/// Finds words of the other language in what a run printed: for an English run any Chinese character, for a
/// Chinese run any run of Latin letters that is not a literal identifier (a command, an option, a placeholder,
/// a program or library name). What the user typed or gave, and text that came from the system or a library,
/// are taken out first: the program shows them as they came.
enum ScriptCheck {
    /// The Latin words a Chinese run may print: names of things that are typed or looked up as they are.
    static let identifiers: Set<String> = [
        // The program, the demo account, the home and orders screens' commands.
        "login", "PureMVVM", "dimsky", "balabala", "retry", "logout", "quit", "help", "more", "refresh", "cancel",
        "search", "back", "TEXT",
        // Placeholders of the usage lines, and values of options.
        "FILE", "NAME", "SERVICE", "PATTERN", "LANG", "STATE", "METHOD", "JSON", "VALUE", "up", "down", "flaky",
        // Systems, libraries, formats, hash methods, units, variables.
        "PAM", "Linux", "libxcrypt", "yescrypt", "sha512crypt", "bcrypt", "md5crypt", "SQLite", "UTF", "Unix", "LF",
        "MiB", "C", "POSIX", "LC_ALL", "LC_MESSAGES", "en_US", "zh", "en", "root", "ID", "XDG_DATA_HOME", "HOME",
        // The pattern gallery's names and the Swift types and calls its summaries name.
        "mvc", "mvp", "mvvm", "mvi", "viper", "LoginViewModel", "Input", "Output", "reducer", "render", "View",
        "Presenter",
        // Placeholders, settings and tools of login(1)'s habits (issue 21): --timeout SECONDS, --deny N,
        // login.defs' LOGIN_TIMEOUT, pam_faillock's deny and unlock_time, fuser; NUL, Unicode.
        "SECONDS", "N", "LOGIN_TIMEOUT", "pam_faillock", "deny", "unlock_time", "fuser", "NUL", "Unicode",
        // The shell's command for the limits a sign-in needs (issue 40), and Unicode's way of naming a code point.
        "ulimit", "unlimited", "U",
    ]

    /// Spans of a Chinese line that are code or values, never prose: the account file's `name:hash`, commands and
    /// names with a hyphen, keys, a `chmod`, order numbers (`PM202506180095`), options, colon commands, quoted text,
    /// JSON objects, paths, file names, calls such as crypt(3), dotted paths such as `dimsky.balance`.
    private static let literalSpans = [
        #"name:hash"#, #"name:failures:time"#,
        #"\b(?:add-user|import-profiles|signup|mvc-variant|mvvm-io|puremvvm-login|libpam0g-dev)\b"#,
        #"\bCtrl-[A-Z]\b"#, #"\bchmod \S+"#, #"\bPM[0-9]{12}\b"#,
        #"(?<![A-Za-z0-9-])--?[A-Za-z][A-Za-z0-9-]*(?:=\S*)?"#,
        #"(?<![A-Za-z]):{1,2}[a-z]*"#, #"'[^']*'"#, #""[^"]*""#, #"\{.*\}"#, #"[^\s（）：，。；、]*/[^\s（）：，。；、]*"#,
        #"[A-Za-z0-9_.-]*\.(?:sqlite|json|accounts|lock|faillock)\b"#, #"[A-Za-z_][A-Za-z0-9_]*\([^)]*\)"#,
        #"\b[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    private static let latinWord = try! NSRegularExpression(pattern: "[A-Za-z][A-Za-z0-9_]*")

    /// The Chinese characters and punctuation of an English run.
    ///
    /// - Parameters:
    ///   - output: What the run printed.
    ///   - given: What the user typed or gave, and text from outside the program.
    /// - Returns: The offending lines; none when the run is English throughout.
    static func chineseLines(in output: String, given: [String]) -> [String] {
        lines(of: output, removing: given).filter { line in
            line.unicodeScalars.contains { scalar in
                (0x3000...0x303F).contains(scalar.value) || (0x3400...0x9FFF).contains(scalar.value)
                    || (0xFF00...0xFFEF).contains(scalar.value)
            }
        }
    }

    /// The Latin words of a Chinese run that are not identifiers.
    ///
    /// - Parameters:
    ///   - output: What the run printed.
    ///   - given: What the user typed or gave, and text from outside the program.
    /// - Returns: Each offending word with its line; none when the run is Chinese throughout.
    static func englishWords(in output: String, given: [String]) -> [String] {
        var found: [String] = []
        for line in lines(of: output, removing: given) {
            // A trace line is code; it may follow a prompt on the screen's line.
            var prose = line.components(separatedBy: "  ┊ ")[0]
            for span in literalSpans { prose = replacing(span, in: prose) }
            for word in matches(of: latinWord, in: prose) where !identifiers.contains(word) {
                found.append("\(word) in: \(line)")
            }
        }
        return found
    }

    /// The output's lines with every given text taken out where it stands as a whole (not inside a word),
    /// longest first.
    private static func lines(of output: String, removing given: [String]) -> [String] {
        var text = output
        for piece in Set(given).filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            let escaped = NSRegularExpression.escapedPattern(for: piece)
            let whole = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_])\(escaped)(?![A-Za-z0-9_])")
            text = replacing(whole, in: text)
        }
        return text.components(separatedBy: "\n")
    }

    private static func replacing(_ expression: NSRegularExpression, in text: String) -> String {
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: " ")
    }

    private static func matches(of expression: NSRegularExpression, in text: String) -> [String] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range, in: text).map { String(text[$0]) }
        }
    }
}
