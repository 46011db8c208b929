internal import ConsoleView
internal import LoginFeature
internal import PureMVVM

/// The orders screen at the console ("我的订单 / My orders" on the home screen): the view of ``OrdersViewModel``
/// and, for each order the user cancels, of its row's child ViewModel (through an ``OrderCellConsoleView``).
///
/// A line-mode screen cannot redraw a line it printed, so each reload prints only what it names, and of the rows
/// only the ones it names: a row inserted, updated or moved is printed again with its number, rows deleted are
/// one line with their old numbers, and rows that did not change are not printed. A page of 20 appended prints 20
/// lines, a cancelled order one.
///
/// ```
///
/// My orders
/// Loading your orders…
///   1. PM202506180095  Pending payment  136.00 yuan  Longjing green tea ×2
///   …
///   20. PM202505080068  Delivered  29.00 yuan  USB-C cable ×1
/// Type more for the next orders.
/// Type a row number to open an order, cancel N to cancel one, search TEXT, refresh, back or help.
/// Orders: cancel 1
/// Cancelling order PM202506180095…
/// Order PM202506180095 is cancelled.
///   1. PM202506180095  Cancelled  136.00 yuan  Longjing green tea ×2
/// Orders: back
/// ```
///
/// Commands are read only when nothing is loading or cancelling: a line-mode screen cannot redraw under its
/// prompt. Everything the ViewModels give is sanitised before it is printed. The view's own words are
/// ``OrdersConsoleWords``, in the ViewModel's language.
@MainActor
final class OrdersConsoleView: OrdersViewModelDelegate {
    private let viewModel: OrdersViewModel
    private let title: String
    private let output: any ConsoleOutput
    private let style: ConsoleStyle
    private let words: OrdersConsoleWords
    private let consoleWords: ConsoleWords
    /// The views of the rows' children this screen has shown (for a cancel), by order.
    private var cells: [Order.ID: OrderCellConsoleView] = [:]
    /// The phase the last reload showed: a refresh that changed no row says so.
    private var shownPhase: ListPhase<OrderServiceError>
    /// Whether the hint for a list with rows, and the one for a list without, were shown: each once.
    private var hasShownHint = (withRows: false, withoutRows: false)
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates the view and makes it the ViewModel's delegate.
    ///
    /// - Parameters:
    ///   - viewModel: The orders screen's ViewModel; the view owns it.
    ///   - title: The screen's title, as the home screen's menu shows it.
    ///   - output: Where the view writes.
    ///   - style: Whether to colour.
    ///   - language: The language of the view's own words: the ViewModel's.
    init(viewModel: OrdersViewModel, title: String, output: any ConsoleOutput, style: ConsoleStyle, language: Language)
    {
        self.viewModel = viewModel
        self.title = title
        self.output = output
        self.style = style
        words = OrdersConsoleWords(language: language)
        consoleWords = language.consoleWords
        shownPhase = viewModel.outputs.phase
        viewModel.delegate = self
    }

    /// Shows the screen, loads the first page, and runs commands until the user goes back or quits, the input
    /// ends or the task running it is cancelled.
    ///
    /// - Parameter source: Where lines come from.
    /// - Returns: Why the screen stopped.
    func run(reading source: any LineSource) async -> OrdersEnd {
        let outputs = ReadOnlyOutputs(viewModel.outputs)
        output.write(
            "\n" + style.paint(ConsoleText.sanitized(title), .strong) + "\n" + rowLines(.fullReload, outputs.orders)
                + phaseLine(outputs, rowsChanged: true) + pagingLine(outputs))
        viewModel.viewDidAppear()
        while true {
            if Task.isCancelled { return .endOfInput }  // before each line: a source may never suspend
            await waitUntilSettled()
            showHint()
            switch await source.readLine(prompt: words.prompt, hidden: false) {
            case .endOfInput, .timedOut:
                return .endOfInput
            case .rejected(let rejection):
                output.write(style.paint("! " + consoleWords.sentence(for: rejection), .failure) + "\n")
                if rejection == .noTerminal { return .endOfInput }
            case .line(let line):
                if let end = perform(OrdersCommand.parse(line)) { return end }
            }
        }
    }

    // MARK: OrdersViewModelDelegate

    func reloadViews(_ changes: ChangeSet<OrdersOutputs>, from outputs: ReadOnlyOutputs<OrdersOutputs>) {
        var text = ""
        var rowChanges = RowChanges()
        if changes.contains(.orders) {
            rowChanges = outputs.changes(of: \.orders)
            text += rowLines(rowChanges, outputs.orders)
        }
        if changes.contains(.phase) { text += phaseLine(outputs, rowsChanged: !rowChanges.isEmpty) }
        // What is below the rows: when it changed, or when new rows were printed above it.
        if changes.contains(.paging) || !rowChanges.insertions.isEmpty { text += pagingLine(outputs) }
        shownPhase = outputs.phase
        output.write(text)
        resumeIfSettled()
    }

    func moveToOrderDetails(_ detailsScreen: OrderDetailsViewModel) {
        let details = detailsScreen.outputs.details
        var lines = [style.paint(ConsoleText.sanitized(words.detailsTitle(details.number)), .strong)]
        lines.append("  " + ConsoleText.sanitized(words.placed(details.date)))
        lines.append("  " + ConsoleText.sanitized(words.status(details.status)))
        lines += details.items.map { "  " + ConsoleText.sanitized(words.item($0)) }
        if let more = details.moreItems { lines.append("  " + ConsoleText.sanitized(more)) }
        lines.append("  " + ConsoleText.sanitized(words.total(details.amount)))
        output.write(lines.joined(separator: "\n") + "\n")
    }

    // MARK: Commands

    /// Runs a command; returns how the screen ends, if it does.
    private func perform(_ command: OrdersCommand) -> OrdersEnd? {
        let outputs = viewModel.outputs
        switch command {
        case .open(let number):
            guard let index = index(ofRow: number) else { return nil }
            viewModel.orderDidSelect(at: index)
        case .cancel(let number):
            guard let index = index(ofRow: number) else { return nil }
            cancel(at: index)
        case .cancelWithoutNumber:
            refuse(words.cancelWithoutNumber)
        case .more:
            // The console's "more" button: shown, and so usable, only while more can be loaded.
            if case .failed = outputs.phase {
                refuse(words.retryFirst)
            } else if case .failed = outputs.paging {
                refuse(words.retryFirst)
            } else if outputs.paging == .endReached || outputs.orders.isEmpty {
                refuse(words.noMoreOrders)
            } else {
                viewModel.moreButtonDidTap()
            }
        case .refresh:
            viewModel.refreshDidPull()
        case .retry:
            // The console's retry button: shown only after a failure.
            switch (outputs.phase, outputs.paging) {
            case (.failed, _), (_, .failed): viewModel.retryButtonDidTap()
            default: refuse(words.nothingToRetry)
            }
        case .search(let text):
            viewModel.searchTextDidChange(text)
        case .back:
            return .back
        case .quit:
            return .quit
        case .help:
            output.write(words.help)
        case .nothing:
            break
        case .unknown(let text):
            refuse(ConsoleText.sanitized(words.unknown(text)))
        }
        return nil
    }

    /// The index of a row number as shown; `nil`, saying so, when no row has it.
    private func index(ofRow number: Int) -> Int? {
        guard number >= 1, number <= viewModel.outputs.orders.count else {
            refuse(words.noOrder(number))
            return nil
        }
        return number - 1
    }

    /// Cancels the order of a row through its child ViewModel, shown by a cell view of its own.
    private func cancel(at index: Int) {
        let child = viewModel.rowViewModel(at: index)
        let row = child.outputs.row
        guard child.outputs.isCancelEnabled else {
            refuse(ConsoleText.sanitized(words.cannotCancel(row.number, status: row.statusTitle)))
            return
        }
        let cell =
            cells[row.id]
            ?? OrderCellConsoleView(output: output, style: style, words: words) { [weak self] in
                self?.resumeIfSettled()
            }
        cells[row.id] = cell
        cell.show(child)
        child.cancelButtonDidTap()
    }

    /// The first time the screen settles with rows, and the first time without: what can be typed.
    private func showHint() {
        if viewModel.outputs.orders.isEmpty {
            guard !hasShownHint.withoutRows, !hasShownHint.withRows else { return }
            hasShownHint.withoutRows = true
            output.write(style.paint(words.hintWithoutRows, .quiet) + "\n")
        } else {
            guard !hasShownHint.withRows else { return }
            hasShownHint.withRows = true
            output.write(style.paint(words.hint, .quiet) + "\n")
        }
    }

    private func refuse(_ message: String) {
        output.write(style.paint(message, .failure) + "\n")
    }

    // MARK: Drawing

    private typealias Outputs = ReadOnlyOutputs<OrdersOutputs>

    /// The rows a reload names, each on its line with its number; the deleted ones on one line.
    private func rowLines(_ changes: RowChanges, _ rows: Rows<OrderRow>) -> String {
        if changes.isFullReload {
            return rows.indices.map { line(at: $0, rows) + "\n" }.joined()
        }
        var text = ""
        if !changes.deletions.isEmpty {
            let numbers = Self.ranges(changes.deletions.map { $0 + 1 })
            text += "  " + words.removed(numbers, count: changes.deletions.count) + "\n"
        }
        let movedFrom = Dictionary(uniqueKeysWithValues: changes.moves.map { ($0.to, $0.from) })
        let drawn = Set(changes.insertions).union(movedFrom.keys).union(changes.updates).sorted()
        for index in drawn {
            text += line(at: index, rows) + (movedFrom[index].map { words.moved(from: $0 + 1) } ?? "") + "\n"
        }
        return text
    }

    /// A row's line: its number, the order number, status, amount and items.
    private func line(at index: Int, _ rows: Rows<OrderRow>) -> String {
        let row = rows[index]
        let fields = [row.number, row.statusTitle, row.amount, row.summary].map(ConsoleText.sanitized)
        return "  \(index + 1). " + fields.joined(separator: "  ")
    }

    private func phaseLine(_ outputs: Outputs, rowsChanged: Bool) -> String {
        let text = outputs.phaseText.map(ConsoleText.sanitized) ?? ""
        switch outputs.phase {
        case .loading, .refreshing:
            return style.paint(text, .quiet) + "\n"
        case .empty:
            return text + "\n"
        case .failed:
            return style.paint("! " + text, .failure) + "\n" + style.paint(words.retryHint, .quiet) + "\n"
        case .loaded:
            return shownPhase == .refreshing && !rowsChanged ? words.upToDate + "\n" : ""
        }
    }

    private func pagingLine(_ outputs: Outputs) -> String {
        let text = outputs.pagingText.map(ConsoleText.sanitized)
        switch outputs.paging {
        case .more:
            return outputs.orders.isEmpty ? "" : style.paint(words.moreHint, .quiet) + "\n"
        case .loading:
            return text.map { style.paint($0, .quiet) + "\n" } ?? ""
        case .failed:
            return text.map { style.paint("! " + $0, .failure) + "\n" + style.paint(words.retryHint, .quiet) + "\n" }
                ?? ""
        case .endReached:
            return text.map { $0 + "\n" } ?? ""
        }
    }

    /// Row numbers as runs: `[3, 4, 5, 9]` is `3-5, 9`.
    static func ranges(_ numbers: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for number in numbers {
            if let last = runs.last, number == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        return runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            .joined(separator: ", ")
    }

    // MARK: Waiting

    /// Whether nothing is loading, waiting for the search's pause or cancelling.
    private var isSettled: Bool {
        let outputs = viewModel.outputs
        switch outputs.phase {
        case .loading, .refreshing: return false
        case .loaded, .empty, .failed: break
        }
        return outputs.paging != .loading && !outputs.isSearchPending && !cells.values.contains(where: \.isCancelling)
    }

    /// Waits until nothing is loading or cancelling, or the task running the screen is cancelled (the run then
    /// ends, and the ViewModels' work with it).
    private func waitUntilSettled() async {
        guard !isSettled else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { settledWaiters.append($0) }
        } onCancel: {
            Task { @MainActor [weak self] in self?.resumeWaiters() }
        }
    }

    private func resumeIfSettled() {
        guard isSettled else { return }
        resumeWaiters()
    }

    private func resumeWaiters() {
        let waiters = settledWaiters
        settledWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
