internal import LoginFeature

/// The orders screen's console words in one language: the prompt, hints, help, an order's details and the
/// refusals. The list's content (rows, statuses, amounts, the loading, empty and failed sentences) is the
/// ViewModel's, in the same language. The commands (`more`, `refresh`, `retry`, `cancel`, `search`, `back`,
/// `quit`, `help`) are typed the same in both.
struct OrdersConsoleWords {
    /// The language of every word.
    let language: Language

    /// The prompt.
    var prompt: String {
        switch language {
        case .english: "Orders: "
        case .chinese: "订单："
        }
    }

    /// The hint when the screen first settles with rows.
    var hint: String {
        switch language {
        case .english: "Type a row number to open an order, cancel N to cancel one, search TEXT, refresh, back or help."
        case .chinese: "输入行号查看订单，cancel N 取消订单，search TEXT 搜索，refresh 刷新，back 返回首页，help 查看命令。"
        }
    }

    /// The hint when the screen first settles without rows: empty, or failed.
    var hintWithoutRows: String {
        switch language {
        case .english: "Type search TEXT, refresh, back or help."
        case .chinese: "输入 search TEXT 搜索，refresh 刷新，back 返回首页，help 查看命令。"
        }
    }

    /// Said below the rows while more can be loaded.
    var moreHint: String {
        switch language {
        case .english: "Type more for the next orders."
        case .chinese: "输入 more 加载更多订单。"
        }
    }

    /// Said after a failure, which `retry` loads again.
    var retryHint: String {
        switch language {
        case .english: "Type retry to load again."
        case .chinese: "输入 retry 重新加载。"
        }
    }

    /// Said when a refresh changed no row.
    var upToDate: String {
        switch language {
        case .english: "The orders are up to date."
        case .chinese: "订单已是最新。"
        }
    }

    /// The line that says which rows a reload removed, by their numbers before it: "Rows 21-40 removed.".
    ///
    /// - Parameters:
    ///   - numbers: The rows' numbers as shown, such as `21-40` or `3, 7`.
    ///   - count: How many rows.
    /// - Returns: The line, without its indentation.
    func removed(_ numbers: String, count: Int) -> String {
        switch (language, count == 1) {
        case (.english, true): "Row \(numbers) removed."
        case (.english, false): "Rows \(numbers) removed."
        case (.chinese, _): "已移除第 \(numbers) 行。"
        }
    }

    /// What follows a moved row's line: where it was.
    ///
    /// - Parameter number: The row's number before the reload.
    /// - Returns: The text, with its leading space.
    func moved(from number: Int) -> String {
        switch language {
        case .english: " (was \(number))"
        case .chinese: "（原第 \(number) 行）"
        }
    }

    // MARK: An order's details

    /// The details' first line.
    func detailsTitle(_ number: String) -> String {
        switch language {
        case .english: "Order \(number)"
        case .chinese: "订单 \(number)"
        }
    }

    /// When the order was placed, without indentation.
    func placed(_ date: String) -> String {
        switch language {
        case .english: "Placed: \(date)"
        case .chinese: "下单时间：\(date)"
        }
    }

    /// The order's status, without indentation.
    func status(_ status: String) -> String {
        switch language {
        case .english: "Status: \(status)"
        case .chinese: "状态：\(status)"
        }
    }

    /// One item of the order, without indentation: "Longjing green tea ×2, 68.00 yuan each: 136.00 yuan".
    func item(_ item: OrderDetails.Item) -> String {
        switch language {
        case .english: "\(item.name) ×\(item.quantity), \(item.unitPrice) each: \(item.total)"
        case .chinese: "\(item.name) ×\(item.quantity)，单价 \(item.unitPrice)：\(item.total)"
        }
    }

    /// What the order costs in all, without indentation.
    func total(_ amount: String) -> String {
        switch language {
        case .english: "Total: \(amount)"
        case .chinese: "合计：\(amount)"
        }
    }

    // MARK: Cancelling

    /// Said when a cancel starts.
    func cancelling(_ number: String) -> String {
        switch language {
        case .english: "Cancelling order \(number)…"
        case .chinese: "正在取消订单 \(number)…"
        }
    }

    /// Said when a cancel worked.
    func cancelled(_ number: String) -> String {
        switch language {
        case .english: "Order \(number) is cancelled."
        case .chinese: "订单 \(number) 已取消。"
        }
    }

    /// The refusal of `cancel N` for an order whose status does not allow it.
    func cannotCancel(_ number: String, status: String) -> String {
        switch language {
        case .english: "! Order \(number) cannot be cancelled: its status is \(status.lowercased())."
        case .chinese: "! 订单 \(number) 无法取消：订单状态为“\(status)”。"
        }
    }

    // MARK: Refusals

    /// The refusal of a row number that is not shown.
    func noOrder(_ number: Int) -> String {
        switch language {
        case .english: "! There is no order \(number) in the list."
        case .chinese: "! 列表中没有第 \(number) 个订单。"
        }
    }

    /// The refusal of `cancel` without a row number.
    var cancelWithoutNumber: String {
        switch language {
        case .english: "! Type cancel and the order's row number, such as cancel 1."
        case .chinese: "! 请输入 cancel 和订单的行号，例如 cancel 1。"
        }
    }

    /// The refusal of `retry` when nothing failed.
    var nothingToRetry: String {
        switch language {
        case .english: "! Nothing to retry: nothing failed to load."
        case .chinese: "! 无需重试：没有加载失败的内容。"
        }
    }

    /// The refusal of `more` after the last page.
    var noMoreOrders: String {
        switch language {
        case .english: "! No more orders: the whole list is shown."
        case .chinese: "! 没有更多订单：已显示整个列表。"
        }
    }

    /// The refusal of `more` while a failure waits for `retry`.
    var retryFirst: String {
        switch language {
        case .english: "! Loading failed: type retry to load again."
        case .chinese: "! 加载失败：请输入 retry 重新加载。"
        }
    }

    /// The refusal of an unknown command.
    func unknown(_ command: String) -> String {
        switch language {
        case .english: "! Unknown command \"\(command)\". Type help for the commands."
        case .chinese: "! 未知命令 \"\(command)\"。输入 help 查看命令。"
        }
    }

    /// The help text, ending with a newline.
    var help: String {
        switch language {
        case .english:
            """
            Commands at the orders screen:
              N            open order N: its details
              cancel N     cancel order N, while it waits for payment or is paid
              more         load the next orders
              refresh      load the list again from its first page
              retry        load again, after a failure
              search TEXT  show the orders whose number or items contain TEXT; search alone shows all
              back         return to the home screen
              quit         leave, signed in (Ctrl-D does the same)
              help         show this help

            """
        case .chinese:
            """
            订单列表的命令：
              N            查看第 N 个订单的详情
              cancel N     取消第 N 个订单（仅限待付款或已付款的订单）
              more         加载更多订单
              refresh      从第一页重新加载列表
              retry        加载失败后重新加载
              search TEXT  只显示订单号或商品包含 TEXT 的订单；只输入 search 显示全部
              back         返回首页
              quit         保持登录并离开（Ctrl-D 同样）
              help         显示此帮助

            """
        }
    }
}
