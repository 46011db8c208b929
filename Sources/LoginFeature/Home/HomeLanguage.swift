/// The language the home screen's texts and units are written in.
///
/// The seed article shows a Chinese profile page, where the server's `"100"` is shown as `"100元"` and `"3"` as
/// `"3个"`; ``chinese`` keeps that and is the default. ``english`` renders the same data as `"100 yuan"` and
/// `"3 red packets"`. The amounts are yuan either way: the language changes the words, not the currency.
public enum HomeLanguage: String, CaseIterable, Hashable, Sendable {
    /// 余额 100元, 红包 3个: the seed's rendering.
    case chinese = "zh"
    /// Balance 100 yuan, Red packets 3 red packets.
    case english = "en"
}
