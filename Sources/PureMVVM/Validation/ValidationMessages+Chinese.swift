extension ValidationMessages {
    /// The built-in rules' messages in Simplified Chinese: "不能为空。", "至少需要 6 个字符。",
    /// "长度须为 11 个字符。", "请输入有效的电子邮件地址。", …
    public static let chinese = ValidationMessages(
        required: "不能为空。",
        minimumLength: { count, unit in "至少需要 \(count) 个\(chineseNoun(unit))。" },
        maximumLength: { count, unit in "不能超过 \(count) 个\(chineseNoun(unit))。" },
        lengthRange: { range, unit in "长度须为 \(range.lowerBound) 到 \(range.upperBound) 个\(chineseNoun(unit))。" },
        exactLength: { count, unit in "长度须为 \(count) 个\(chineseNoun(unit))。" },
        invalidFormat: "格式不正确。",
        disallowedCharacters: "包含不允许的字符。",
        mismatch: "两次输入不一致。",
        invalidEmail: "请输入有效的电子邮件地址。",
        invalidInteger: "请输入整数。",
        invalidDecimal: "请输入数字。",
        numberOutOfRange: { lowerBound, upperBound in
            switch (lowerBound, upperBound) {
            case (let lower?, let upper?): "须在 \(lower) 到 \(upper) 之间。"
            case (let lower?, nil): "不能小于 \(lower)。"
            case (nil, let upper?): "不能大于 \(upper)。"
            case (nil, nil): "须为数字。"
            }
        },
        noRuleCanPass: "没有可以通过的规则。"
    )

    private static func chineseNoun(_ unit: LengthUnit) -> String {
        switch unit {
        case .characters: "字符"
        case .unicodeScalars: "码位"
        case .utf16: " UTF-16 码元"
        case .utf8: "字节"
        }
    }
}
