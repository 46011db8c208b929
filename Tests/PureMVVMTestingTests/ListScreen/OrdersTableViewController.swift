// The orders screen's view on UIKit, as the article "Lists and child ViewModels" shows it: batch updates from the
// row changes, a cell per row showing its child ViewModel. Built where UIKit is (iOS, tvOS, visionOS).
#if canImport(UIKit)
    import PureMVVM
    import UIKit

    /// Shows the orders: redraws only the rows each reload names, and asks for the next page as the last rows
    /// appear.
    final class OrdersTableViewController: UITableViewController, ReloadDelegate {
        private let viewModel: OrdersViewModel
        /// The rows the table shows: the data source answers from these, so they change with each batch.
        private var orders = Rows<OrderRow>()

        init(viewModel: OrdersViewModel) {
            self.viewModel = viewModel
            super.init(style: .plain)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(OrderCell.self, forCellReuseIdentifier: OrderCell.identifier)
            refreshControl = UIRefreshControl()
            refreshControl?.addAction(
                UIAction { [weak self] _ in self?.viewModel.refreshDidPull() }, for: .valueChanged)
            viewModel.delegate = self
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            viewModel.viewDidAppear()
        }

        func reloadViews(_ changes: ChangeSet<OrdersOutputs>, from outputs: ReadOnlyOutputs<OrdersOutputs>) {
            if changes.contains(.orders) {
                let rowChanges = outputs.changes(of: \.orders)
                orders = outputs.orders
                if rowChanges.isFullReload {
                    tableView.reloadData()
                } else {
                    tableView.performBatchUpdates {
                        tableView.deleteRows(at: rowChanges.deletions.map(Self.path), with: .fade)
                        tableView.insertRows(at: rowChanges.insertions.map(Self.path), with: .fade)
                        for move in rowChanges.moves {
                            tableView.moveRow(at: Self.path(move.from), to: Self.path(move.to))
                        }
                    }
                    // new indexes, after the batch
                    tableView.reconfigureRows(at: rowChanges.updates.map(Self.path))
                }
            }
            if changes.contains(.phase), outputs.phase != .refreshing { refreshControl?.endRefreshing() }
        }

        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            orders.count
        }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: OrderCell.identifier, for: indexPath)
            (cell as? OrderCell)?.show(viewModel.rowViewModel(at: indexPath.row))
            return cell
        }

        override func tableView(
            _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
        ) {
            viewModel.rowDidAppear(at: indexPath.row)
        }

        private static func path(_ row: Int) -> IndexPath { IndexPath(row: row, section: 0) }
    }

    /// One order's cell: the view of its child ViewModel, which it holds until it is reused for another row.
    final class OrderCell: UITableViewCell, ReloadDelegate {
        static let identifier = "order"
        private var viewModel: OrderRowViewModel?
        private let cancelButton = UIButton(type: .system)

        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            cancelButton.setTitle("Cancel", for: .normal)
            cancelButton.addAction(
                UIAction { [weak self] _ in self?.viewModel?.cancelButtonDidTap() }, for: .touchUpInside)
            accessoryView = cancelButton
        }

        required init?(coder: NSCoder) { nil }

        /// Shows a row's child ViewModel; the one shown before stops drawing here.
        func show(_ rowViewModel: OrderRowViewModel) {
            viewModel?.delegate = nil
            viewModel = rowViewModel
            rowViewModel.delegate = self
            reloadViews(
                [.title, .status, .isCancelEnabled, .isCancelling], from: ReadOnlyOutputs(rowViewModel.outputs))
        }

        func reloadViews(_ changes: ChangeSet<OrderRowOutputs>, from outputs: ReadOnlyOutputs<OrderRowOutputs>) {
            var content = defaultContentConfiguration()
            content.text = outputs.title
            content.secondaryText = outputs.isCancelling ? "Cancelling…" : outputs.status.rawValue
            contentConfiguration = content
            cancelButton.isEnabled = outputs.isCancelEnabled
        }
    }
#endif
