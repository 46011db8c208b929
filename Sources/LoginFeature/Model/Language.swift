public import PureMVVM

/// The language of the screens' content: the validation messages of the login and sign-up forms, the sign-up
/// screen's own words, and the home screen's texts and units. The console's own words (prompts, commands, hints)
/// and the alerts are English in both.
///
/// The seed article shows a Chinese profile page, where the server's `"100"` is shown as `"100元"` and `"3"` as
/// `"3个"`; ``chinese`` keeps that. ``english`` renders the same data as `"100 yuan"` and `"3 red packets"`. The
/// amounts are yuan either way: the language changes the words, not the currency.
public enum Language: String, CaseIterable, Hashable, Sendable {
    /// Simplified Chinese: 至少需要 6 个字符。, 余额 100元, 红包 3个.
    case chinese = "zh"
    /// English: Must be at least 6 characters., Balance 100 yuan, Red packets 3 red packets.
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
