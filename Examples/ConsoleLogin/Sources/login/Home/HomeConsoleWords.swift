internal import LoginFeature

/// The home screen's console words in one language: the prompt, hints, help and messages. The screen's content
/// (greeting, labels, values, status) is the ViewModel's, in the same language. The commands (`retry`, `logout`,
/// `quit`, `help`) are typed the same in both.
struct HomeConsoleWords {
    /// The language of every word.
    let language: Language

    /// The prompt.
    var prompt: String {
        switch language {
        case .english: "Home: "
        case .chinese: "首页："
        }
    }

    /// Printed when the user logs out, before the login prompts start again.
    var signedOut: String {
        switch language {
        case .english: "Signed out."
        case .chinese: "已退出登录。"
        }
    }

    /// A summary cell's line, without its indentation: "Balance: 100 yuan", "余额：100元".
    func summary(title: String, value: String) -> String {
        switch language {
        case .english: "\(title): \(value)"
        case .chinese: "\(title)：\(value)"
        }
    }

    /// The hint after the screen is shown.
    ///
    /// - Parameters:
    ///   - menuCount: How many menu items there are.
    ///   - canRetry: Whether loading failed, so `retry` is offered.
    /// - Returns: The line.
    func hint(menuCount: Int, canRetry: Bool) -> String {
        let range = Self.menuRange(menuCount)
        return switch (canRetry, language) {
        case (false, .english): "Type \(range) to open a menu item, logout to sign out, or quit."
        case (false, .chinese): "输入 \(range) 打开菜单项，logout 退出登录，quit 离开。"
        case (true, .english): "Type retry to load again, \(range) to open a menu item, logout to sign out, or quit."
        case (true, .chinese): "输入 retry 重新加载，\(range) 打开菜单项，logout 退出登录，quit 离开。"
        }
    }

    /// The help text.
    ///
    /// - Parameter menuCount: How many menu items there are.
    /// - Returns: The text, ending with a newline.
    func help(menuCount: Int) -> String {
        let name = Self.menuRange(menuCount)
        let range = name + String(repeating: " ", count: max(0, 8 - name.count))
        return switch language {
        case .english:
            """
            Commands at the home screen:
              \(range) open a menu item
              retry    load the profile again, after a failure
              logout   sign out and return to the login
              quit     leave, signed in (Ctrl-D does the same)
              help     show this help

            """
        case .chinese:
            """
            首页的命令：
              \(range) 打开菜单项
              retry    加载失败后重新加载资料
              logout   退出登录，回到登录界面
              quit     保持登录并离开（Ctrl-D 同样）
              help     显示此帮助

            """
        }
    }

    /// The line after a menu item is selected.
    ///
    /// - Parameter title: The item's title, as the menu shows it.
    /// - Returns: The line.
    func opened(_ title: String) -> String {
        switch language {
        case .english: "→ \(title): not part of this demo."
        case .chinese: "→ \(title)：本演示不包含此页面。"
        }
    }

    /// The refusal of a menu number that is not shown.
    func noMenuItem(_ number: Int) -> String {
        switch language {
        case .english: "! There is no menu item \(number)."
        case .chinese: "! 没有第 \(number) 项菜单。"
        }
    }

    /// The refusal of `retry` when nothing failed.
    var nothingToRetry: String {
        switch language {
        case .english: "! Nothing to retry: the profile did not fail to load."
        case .chinese: "! 无需重试：资料并没有加载失败。"
        }
    }

    /// The refusal of an unknown command.
    func unknown(_ command: String) -> String {
        switch language {
        case .english: "! Unknown command \"\(command)\". Type help for the commands."
        case .chinese: "! 未知命令 \"\(command)\"。输入 help 查看命令。"
        }
    }

    private static func menuRange(_ count: Int) -> String {
        count <= 1 ? "1" : "1-\(count)"
    }
}
