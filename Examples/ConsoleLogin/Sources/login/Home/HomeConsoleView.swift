internal import ConsoleView
internal import LoginFeature
internal import PureMVVM

/// The home screen at the console (seed 000's "Mine" page): the view of ``HomeViewModel``, which owns the child
/// ViewModels of the header, the summary cells and the menu cells.
///
/// It prints a blank line, the greeting and, while the profile loads, the status line; each time loading ends, the
/// screen's body: a notice, the status (empty or failed), the summary cells (when there is a profile to show), the
/// numbered menu and a hint. Then it asks for a command: a menu number, `retry`, `logout`, `quit` or `help`.
/// Commands are not read while loading: a line-mode screen cannot redraw under its prompt. Everything the
/// ViewModel gives is sanitised before it is printed. The view's own words are ``HomeConsoleWords``, in the
/// ViewModel's language:
///
/// ```
///
/// Hello, dimsky
/// Loading profile…
///   Balance: 100 yuan
///   Red packets: 3
///   1. My orders
///   2. Settings
///   3. Help
/// Type 1-3 to open a menu item, logout to sign out, or quit.
/// Home: 2
/// → Settings: not part of this demo.
/// ```
@MainActor
final class HomeConsoleView: HomeViewModelDelegate {
    private let viewModel: HomeViewModel
    private let output: any ConsoleOutput
    private let style: ConsoleStyle
    private let words: HomeConsoleWords
    private let consoleWords: ConsoleWords
    private let language: Language
    /// Makes the orders screen's ViewModel for the signed-in user: "我的订单 / My orders" opens it.
    private let makeOrders: (@MainActor (User) -> OrdersViewModel)?
    /// Set when the user selected "My orders": the orders screen runs before the next command.
    private var opensOrders = false
    private var end: HomeEnd?
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates the view and makes it the ViewModel's delegate.
    ///
    /// - Parameters:
    ///   - viewModel: The home screen's main ViewModel; the view owns it.
    ///   - output: Where the view writes.
    ///   - style: Whether to colour.
    ///   - language: The language of the view's own words: the ViewModel's.
    ///   - makeOrders: Makes the orders screen's ViewModel for the signed-in user, in the same language; `nil`
    ///     for a home screen whose "My orders" leads nowhere.
    init(
        viewModel: HomeViewModel, output: any ConsoleOutput, style: ConsoleStyle, language: Language,
        orders makeOrders: (@MainActor (User) -> OrdersViewModel)? = nil
    ) {
        self.viewModel = viewModel
        self.output = output
        self.style = style
        self.language = language
        self.makeOrders = makeOrders
        words = HomeConsoleWords(language: language)
        consoleWords = language.consoleWords
        viewModel.delegate = self
    }

    /// Shows the screen, loads the profile, and runs commands until the user logs out or quits, the input ends or
    /// the task running it is cancelled.
    ///
    /// - Parameter source: Where lines come from.
    /// - Returns: Why the screen stopped.
    func run(reading source: any LineSource) async -> HomeEnd {
        let outputs = ReadOnlyOutputs(viewModel.outputs)
        output.write("\n" + greeting(outputs) + (outputs.status == .loading ? statusLine(outputs) : body(outputs)))
        viewModel.viewDidAppear()
        while end == nil {
            if Task.isCancelled { return .endOfInput }  // before each line: a source may never suspend
            await waitUntilSettled()
            switch await source.readLine(prompt: words.prompt, hidden: false) {
            case .endOfInput, .timedOut:  // signed in, the home screen has no timeout; a source's is an end
                return .endOfInput
            case .rejected(let rejection):
                output.write(style.paint("! " + consoleWords.sentence(for: rejection), .failure) + "\n")
                if rejection == .noTerminal { return .endOfInput }
            case .line(let line):
                if let stop = perform(HomeCommand.parse(line)) { return stop }
                if opensOrders, let stop = await runOrders(reading: source) { return stop }
            }
        }
        return end ?? .endOfInput
    }

    // MARK: HomeViewModelDelegate

    func reloadViews(_ changes: ChangeSet<HomeOutputs>, from outputs: ReadOnlyOutputs<HomeOutputs>) {
        var text = ""
        if changes.contains(.header) { text += greeting(outputs) }
        if changes.contains(.status) {
            text += outputs.status == .loading ? statusLine(outputs) : body(outputs)
        } else {
            if changes.contains(.notice) { text += notice(outputs) }
            if changes.contains(.summaryCells) { text += summaryCells(outputs) }
            if changes.contains(.menuCells) { text += menuCells(outputs) }
        }
        output.write(text)
        if outputs.status != .loading { resumeSettledWaiters() }
    }

    func moveToMenuItem(_ item: MenuItem) {
        if item == .orders, makeOrders != nil {
            opensOrders = true  // once this command returns: the orders screen reads lines of its own
            return
        }
        let title = viewModel.outputs.menuCells.first { $0.item == item }?.title ?? "\(item)"
        output.write(ConsoleText.sanitized(words.opened(title)) + "\n")
    }

    func moveToLoginScreen() {
        end = .loggedOut
        output.write(words.signedOut + "\n")
        resumeSettledWaiters()
    }

    // MARK: Commands

    /// Runs a command; returns how the screen ends, if it does.
    private func perform(_ command: HomeCommand) -> HomeEnd? {
        let menuCount = viewModel.outputs.menuCells.count
        switch command {
        case .menu(let number):
            guard number >= 1, number <= menuCount else {
                output.write(style.paint(words.noMenuItem(number), .failure) + "\n")
                return nil
            }
            viewModel.menuCellDidSelect(at: number - 1)
        case .retry:
            // The console's retry button: shown, and so usable, only after a failure.
            guard viewModel.outputs.status == .failed else {
                output.write(style.paint(words.nothingToRetry, .failure) + "\n")
                return nil
            }
            viewModel.retryButtonDidTap()
        case .logout:
            viewModel.logoutButtonDidTap()
        case .quit:
            return .quit
        case .help:
            output.write(words.help(menuCount: menuCount))
        case .nothing:
            break
        case .unknown(let text):
            output.write(style.paint(ConsoleText.sanitized(words.unknown(text)), .failure) + "\n")
        }
        return end
    }

    // MARK: The orders screen

    /// Runs the orders screen until the user goes back, then shows the home screen again.
    ///
    /// - Returns: How the session ends, when it ends at the orders screen.
    private func runOrders(reading source: any LineSource) async -> HomeEnd? {
        opensOrders = false
        guard let makeOrders else { return nil }
        let title = viewModel.outputs.menuCells.first { $0.item == .orders }?.title ?? ""
        let orders = OrdersConsoleView(
            viewModel: makeOrders(viewModel.user), title: title, output: output, style: style, language: language)
        switch await orders.run(reading: source) {
        case .back:
            let outputs = ReadOnlyOutputs(viewModel.outputs)
            output.write("\n" + greeting(outputs) + (outputs.status == .loading ? statusLine(outputs) : body(outputs)))
            return nil
        case .quit:
            return .quit
        case .endOfInput:
            return .endOfInput
        }
    }

    // MARK: Drawing

    private typealias Outputs = ReadOnlyOutputs<HomeOutputs>

    private func greeting(_ outputs: Outputs) -> String {
        style.paint(ConsoleText.sanitized(outputs.header.greeting), .strong) + "\n"
    }

    private func statusLine(_ outputs: Outputs) -> String {
        guard let statusText = outputs.statusText.map(ConsoleText.sanitized) else { return "" }
        switch outputs.status {
        case .loading: return style.paint(statusText, .quiet) + "\n"
        case .failed: return style.paint("! " + statusText, .failure) + "\n"
        case .loaded, .empty: return statusText + "\n"
        }
    }

    private func notice(_ outputs: Outputs) -> String {
        guard let notice = outputs.notice else { return "" }
        return style.paint("! " + ConsoleText.sanitized(notice), .failure) + "\n"
    }

    /// The summary cells, shown when there is a profile to show, or none: not while loading or after a failure.
    private func summaryCells(_ outputs: Outputs) -> String {
        guard outputs.status == .loaded || outputs.status == .empty else { return "" }
        return outputs.summaryCells.map { cell in
            "  " + words.summary(title: ConsoleText.sanitized(cell.title), value: ConsoleText.sanitized(cell.value))
                + "\n"
        }.joined()
    }

    private func menuCells(_ outputs: Outputs) -> String {
        outputs.menuCells.enumerated().map { index, cell in
            "  \(index + 1). " + ConsoleText.sanitized(cell.title) + "\n"
        }.joined()
    }

    /// Everything below the greeting once loading has ended.
    private func body(_ outputs: Outputs) -> String {
        let hint = words.hint(menuCount: outputs.menuCells.count, canRetry: outputs.status == .failed)
        return notice(outputs) + statusLine(outputs) + summaryCells(outputs) + menuCells(outputs)
            + style.paint(hint, .quiet) + "\n"
    }

    // MARK: Waiting

    private func waitUntilSettled() async {
        guard viewModel.outputs.status == .loading, end == nil else { return }
        await withCheckedContinuation { settledWaiters.append($0) }
    }

    private func resumeSettledWaiters() {
        let waiters = settledWaiters
        settledWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
