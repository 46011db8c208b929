/// The demo account's orders: 95 of them over about eight months, the same on every run, for the orders list at
/// the console and for tests.
///
/// They are made from a fixed seed, not from the clock: the newest was placed on 2025-06-18 and has the largest
/// ID (95), and each order's number is `PM`, its date and its ID (`PM202506180095`). The newest are waiting for
/// payment, paid or shipped (so some can be cancelled and some cannot); most older ones are delivered, and about
/// one in ten is cancelled. Item names are the catalogue's, in both languages; the amount is the items' total.
public enum DemoOrders {
    /// How many orders the demo account has.
    public static let count = 95

    /// The demo account's orders, newest first.
    ///
    /// - Returns: ``count`` orders, with IDs from ``count`` down to 1.
    public static func orders() -> [Order] {
        var random = SeededRandom(seed: 20_250_618)
        var day = CalendarDay(year: 2025, month: 6, day: 18)
        var previous: OrderDate?
        var orders: [Order] = []
        for index in 0..<count {
            let id = Order.ID(count - index)
            // Now and then two orders of the same minute, as a basket split in two: the ID orders them.
            let date: OrderDate
            if let previous, random.next(below: 20) == 0 {
                date = previous
            } else {
                if index > 0 { day = day.earlier(by: 1 + random.next(below: 4)) }
                date = day.at(hour: 8 + random.next(below: 16), minute: random.next(below: 60))
            }
            previous = date
            let items = self.items(&random)
            orders.append(
                Order(
                    id: id, number: "PM" + date.description.prefix(10).filter { $0 != "-" } + fourDigits(id),
                    date: date, items: items,
                    amount: Yuan(fen: items.reduce(0) { $0 + $1.quantity * $1.unitPrice.fen }),
                    status: status(at: index, &random)))
        }
        return orders
    }

    /// The newest orders are still open; older ones are delivered, or now and then cancelled.
    private static func status(at index: Int, _ random: inout SeededRandom) -> OrderStatus {
        let newest: [OrderStatus] = [
            .pendingPayment, .paid, .pendingPayment, .cancelled, .paid, .shipped, .paid, .shipped, .shipped, .shipped,
        ]
        if index < newest.count { return newest[index] }
        return random.next(below: 10) == 0 ? .cancelled : .delivered
    }

    /// One to three different products, mostly one of each.
    private static func items(_ random: inout SeededRandom) -> [OrderItem] {
        var chosen: [Int] = []
        let wanted = [1, 1, 1, 2, 2, 3][random.next(below: 6)]
        while chosen.count < wanted {
            let product = random.next(below: catalogue.count)
            if !chosen.contains(product) { chosen.append(product) }
        }
        return chosen.map { product in
            let (chinese, english, fen) = catalogue[product]
            return OrderItem(
                name: ProductName(chinese: chinese, english: english),
                quantity: [1, 1, 1, 1, 2, 2, 3][random.next(below: 7)], unitPrice: Yuan(fen: fen))
        }
    }

    private static func fourDigits(_ id: Order.ID) -> String {
        let text = String(id.rawValue)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// The shop's products: the Chinese name, the English name and the price in fen.
    private static let catalogue: [(String, String, Int)] = [
        ("龙井绿茶", "Longjing green tea", 6800),
        ("云南普洱茶饼", "Yunnan pu'er tea cake", 12_800),
        ("手冲咖啡豆", "Pour-over coffee beans", 8900),
        ("陶瓷马克杯", "Ceramic mug", 3900),
        ("竹筷（10 双）", "Bamboo chopsticks (10 pairs)", 2500),
        ("无线鼠标", "Wireless mouse", 9900),
        ("机械键盘", "Mechanical keyboard", 39_900),
        ("USB-C 数据线", "USB-C cable", 2900),
        ("蓝牙耳机", "Bluetooth earphones", 19_900),
        ("笔记本", "Notebook", 1500),
        ("中性笔（12 支）", "Gel pens (12)", 1990),
        ("帆布包", "Canvas tote bag", 4900),
        ("保温杯", "Vacuum flask", 8800),
        ("跑步鞋", "Running shoes", 45_900),
        ("纯棉袜（5 双）", "Cotton socks (5 pairs)", 3500),
        ("折叠伞", "Folding umbrella", 5900),
        ("护眼台灯", "Desk lamp", 12_900),
        ("绿萝盆栽", "Potted pothos", 4500),
        ("《三体》", "The Three-Body Problem", 6800),
        ("100% 纯棉毛巾", "100% cotton towel", 2990),
        ("月饼礼盒", "Mooncake gift box", 16_800),
        ("猫粮 2kg", "Cat food 2kg", 11_900),
    ]
}

/// A day of the Gregorian calendar that can step back, for dating the demo's orders.
private struct CalendarDay {
    var year: Int
    var month: Int
    var day: Int

    func earlier(by days: Int) -> CalendarDay {
        var result = self
        for _ in 0..<days {
            if result.day > 1 {
                result.day -= 1
            } else {
                result.month = result.month == 1 ? 12 : result.month - 1
                if result.month == 12 { result.year -= 1 }
                result.day = OrderDate.days(inMonth: result.month, of: result.year)
            }
        }
        return result
    }

    func at(hour: Int, minute: Int) -> OrderDate {
        guard let date = OrderDate(year: year, month: month, day: day, hour: hour, minute: minute) else {
            preconditionFailure("\(self) at \(hour):\(minute) is not a date")  // a valid day, 8 to 23 h, 0 to 59 min
        }
        return date
    }
}

/// SplitMix64: a small generator whose numbers depend only on its seed, so the demo's orders are the same on every
/// platform and run (the standard library's generator is seeded at random).
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number from 0 to `bound - 1` (with a negligible bias).
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
