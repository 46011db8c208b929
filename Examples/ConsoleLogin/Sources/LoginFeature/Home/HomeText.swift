/// The home screen's words in each ``Language``, and the formatting of the server's raw values.
struct HomeText {
    let language: Language

    func greeting(for name: String) -> String {
        switch language {
        case .chinese: "你好，\(name)"
        case .english: "Hello, \(name)"
        }
    }

    func title(of kind: SummaryCellViewModel.Kind) -> String {
        switch (kind, language) {
        case (.balance, .chinese): "余额"
        case (.balance, .english): "Balance"
        case (.redPackets, .chinese): "红包"
        case (.redPackets, .english): "Red packets"
        }
    }

    func title(of item: MenuItem) -> String {
        switch (item, language) {
        case (.orders, .chinese): "我的订单"
        case (.orders, .english): "My orders"
        case (.settings, .chinese): "设置"
        case (.settings, .english): "Settings"
        case (.help, .chinese): "帮助"
        case (.help, .english): "Help"
        }
    }

    var loading: String {
        switch language {
        case .chinese: "正在加载资料…"
        case .english: "Loading profile…"
        }
    }

    func empty(for name: String) -> String {
        switch language {
        case .chinese: "\(name) 还没有资料。"
        case .english: "No profile for \(name) yet."
        }
    }

    func failure(_ error: ProfileSourceError) -> String {
        let reason = error.description(in: language)
        return switch language {
        case .chinese: "资料加载失败：\(reason)。"
        case .english: "Could not load the profile: \(reason)."
        }
    }

    func skippedLocalStore(_ error: ProfileSourceError) -> String {
        let reason = error.description(in: language)
        return switch language {
        case .chinese: "本地资料不可用（\(reason)），已从服务器加载。"
        case .english: "The local profile store was skipped (\(reason)); showing the server's copy."
        }
    }

    func unsavedProfile(_ error: ProfileSourceError) -> String {
        let reason = error.description(in: language)
        return switch language {
        case .chinese: "资料未能保存到本地（\(reason)），下次仍从服务器加载。"
        case .english: "The profile could not be saved locally (\(reason)); the server will be asked again next time."
        }
    }

    /// The balance for display: `"100"` becomes `"100元"` or `"100 yuan"`. Only non-negative amounts with at most
    /// two decimals are shown; anything else is `"—"`, never the raw text.
    func balance(_ raw: String) -> String {
        guard raw.wholeMatch(of: /[0-9]{1,12}(\.[0-9]{1,2})?/) != nil else { return Self.unknown }
        switch language {
        case .chinese: return "\(raw)元"
        case .english: return "\(raw) yuan"
        }
    }

    /// The red-packet count for display: `"3"` becomes `"3个"` (with the seed's measure word) or `"3"` (the
    /// cell's title already says "Red packets": a unit is never said twice); anything but a non-negative whole
    /// number is `"—"`.
    func redPackets(_ raw: String) -> String {
        guard raw.wholeMatch(of: /[0-9]{1,9}/) != nil, let count = Int(raw) else { return Self.unknown }
        switch language {
        case .chinese: return "\(count)个"
        case .english: return "\(count)"
        }
    }

    static let unknown = "—"
    static let pending = "…"
}
