public import PureMVVM

/// The language of everything a screen says: the validation messages of the login and sign-up forms, the alerts
/// (``LoginAlerts``), the sign-up screen's own words, the home screen's texts and units, and the errors shown to a
/// user (``ProfileSourceError/description(in:)``, ``AccountFileError/description(in:)``). The console login picks
/// one for a whole run, from `--language` or else the POSIX locale, and says everything in it.
///
/// The seed article shows a Chinese profile page, where the server's `"100"` is shown as `"100元"` and `"3"` as
/// `"3个"`; ``chinese`` keeps that. ``english`` shows the same data as `"100 yuan"` and `"3"` (its label already
/// says red packets). The amounts are yuan either way: the language changes the words, not the currency.
///
/// Every text is written in both languages side by side, in a `switch` over the language, so a text without its
/// translation does not compile.
public enum Language: String, CaseIterable, Hashable, Sendable {
    /// Simplified Chinese: 至少需要 6 个字符。, 余额 100元, 红包 3个.
    case chinese = "zh"
    /// English: Must be at least 6 characters., Balance 100 yuan, Red packets 3.
    case english = "en"

    /// The toolkit's default validation messages in this language.
    public var validationMessages: ValidationMessages {
        switch self {
        case .chinese: .chinese
        case .english: .english
        }
    }
}

/// The home screen's name for ``Language``, from before the forms were translated too.
public typealias HomeLanguage = Language
