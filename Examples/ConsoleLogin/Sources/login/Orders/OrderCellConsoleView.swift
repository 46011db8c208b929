internal import ConsoleView
internal import LoginFeature
internal import PureMVVM

/// The console's view of one order's cell, for a cancel: it prints what the row's child ViewModel
/// (``OrderRowViewModel``) reloads, "Cancelling…", then the outcome. The order's row itself is the list's to
/// print, when the parent's reload names it.
@MainActor
final class OrderCellConsoleView: ReloadDelegate {
    /// The child shown; the parent's list owns it, so it is held weakly, as a cell holds nothing it does not
    /// show.
    private weak var viewModel: OrderRowViewModel?
    private let output: any ConsoleOutput
    private let style: ConsoleStyle
    private let words: OrdersConsoleWords
    private let didReload: @MainActor () -> Void

    /// Creates a cell view.
    ///
    /// - Parameters:
    ///   - output: Where it writes.
    ///   - style: Whether to colour.
    ///   - words: The orders screen's words.
    ///   - didReload: Called after each reload it prints, so the screen can read the next command once the cancel
    ///     has ended.
    init(
        output: any ConsoleOutput, style: ConsoleStyle, words: OrdersConsoleWords,
        didReload: @escaping @MainActor () -> Void
    ) {
        self.output = output
        self.style = style
        self.words = words
        self.didReload = didReload
    }

    /// Whether the child it shows is cancelling its order.
    var isCancelling: Bool { viewModel?.outputs.isCancelling ?? false }

    /// Shows a row's child: the cell becomes its delegate.
    func show(_ child: OrderRowViewModel) {
        viewModel = child
        child.delegate = self
    }

    func reloadViews(_ changes: ChangeSet<OrderRowOutputs>, from outputs: ReadOnlyOutputs<OrderRowOutputs>) {
        let number = ConsoleText.sanitized(outputs.row.number)
        var text = ""
        if changes.contains(.isCancelling) {
            if outputs.isCancelling {
                text += style.paint(words.cancelling(number), .quiet) + "\n"
            } else if outputs.cancelFailure == nil, outputs.row.status == .cancelled {
                text += words.cancelled(number) + "\n"
            }
        }
        if changes.contains(.cancelFailure), let failure = outputs.cancelFailure {
            text += style.paint("! " + ConsoleText.sanitized(failure), .failure) + "\n"
        }
        output.write(text)
        didReload()
    }
}
