extension ConsoleWords {
    /// The console view's words in Simplified Chinese.
    public static let chinese = ConsoleWords(
        separator: "：",
        sentenceSeparator: "",
        enabled: "可用",
        disabled: "不可用",
        actionNotEnabled: { actionTitle in "“\(actionTitle)”当前不可用。" },
        unknownCommand: { command in "未知命令 \"\(command)\"。" },
        unknownCommandHint: "输入 :help 查看命令列表。",
        help: { actionTitle in
            """
            输入字段的内容后按回车；所有字段都有效时，执行“\(actionTitle)”。
            除隐藏提示外，任何提示下都可用的命令：
              :back   回到上一个字段
              :next   前往下一个字段
              :help   显示此帮助
              :quit   不执行“\(actionTitle)”就离开（Ctrl-D 同样）
            要输入以 ':' 开头的文字，请改为输入 '::'。Ctrl-C 中断程序。
            在隐藏提示（密码）下，每一行都是密码，即使以 ':' 开头；要离开，请按 Ctrl-D（或按 Ctrl-C 中断）。

            """
        },
        lineTooLong: { maximumBytes in "这一行超过 \(maximumBytes) 字节，整行都未被使用。" },
        lineNotUTF8: "这一行不是有效的 UTF-8 文本，整行都未被使用。",
        noTerminal: "隐藏输入需要终端，但当前没有终端。",
        streamError: { stream, reason in
            switch stream {
            case .standardInput: "无法读取标准输入：\(reason)"
            case .standardOutput: "无法写入标准输出：\(reason)"
            case .standardError: "无法写入标准错误：\(reason)"
            }
        },
        streamClosedAtStart: "程序启动时它已被关闭",
        choicePrompt: { count in "请选择 1-\(count)：" },
        choiceRefused: { count in "请输入 1 到 \(count) 之间的数字，或按钮的名称。" }
    )
}
