// The smallest stand-in for the UIKit names the documentation's listings use, so that scripts/docs-snippets.sh can
// type-check them on Linux, where UIKit does not exist. It is compiled into the check's scratch folder only and
// never shipped. Signatures follow UIKit's as the listings call them; nothing here draws anything, and nothing here
// proves that UIKit accepts a listing (see the article "Putting a ViewModel on screen").
@_exported public import Foundation

public struct CGColor {}

@MainActor public final class UIColor {
    public static let systemGray = UIColor(), systemGreen = UIColor(), systemRed = UIColor()
    public var cgColor: CGColor { CGColor() }
}

@MainActor public final class CALayer {
    public var borderColor: CGColor?
}

@MainActor open class UIResponder {
    public init() {}
}

@MainActor open class UIView: UIResponder {
    public let layer = CALayer()
}

public struct UIAction {
    public init(handler: @escaping @MainActor (UIAction) -> Void) {}
}

@MainActor open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let editingChanged = Event(rawValue: 1), touchUpInside = Event(rawValue: 2)
    }
    public var isEnabled = true
    public func addAction(_ action: UIAction, for event: Event) {}
}

@MainActor public final class UITextField: UIControl {
    public var text: String?
}

@MainActor public final class UIButton: UIControl {
    public enum ButtonType: Sendable { case system }
    public init(type: ButtonType) {}
}

@MainActor open class UIViewController: UIResponder {
    open func viewDidLoad() {}
    public var navigationController: UINavigationController? { nil }
    public func present(_ controller: UIViewController, animated: Bool) {}
}

@MainActor open class UINavigationController: UIViewController {
    public func pushViewController(_ controller: UIViewController, animated: Bool) {}
}

@MainActor public final class UIAlertAction {
    public enum Style: Sendable { case `default`, cancel, destructive }
    public init(title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil) {}
}

@MainActor public final class UIAlertController: UIViewController {
    public enum Style: Sendable { case alert, actionSheet }
    public init(title: String?, message: String?, preferredStyle: Style) {}
    public func addAction(_ action: UIAlertAction) {}
}

@MainActor open class UITableView: UIView {
    public enum RowAnimation: Sendable { case fade, automatic }
    public func reloadData() {}
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {}
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {}
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    public func reconfigureRows(at indexPaths: [IndexPath]) {}
}

@MainActor open class UITableViewController: UIViewController {
    public let tableView = UITableView()
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

public struct NSDiffableDataSourceSnapshot<Section: Hashable, Item: Hashable> {
    public init() {}
    public mutating func appendSections(_ sections: [Section]) {}
    public mutating func appendItems(_ items: [Item]) {}
    public mutating func reconfigureItems(_ items: [Item]) {}
}

@MainActor open class UITableViewDiffableDataSource<Section: Hashable, Item: Hashable> {
    public func apply(_ snapshot: NSDiffableDataSourceSnapshot<Section, Item>, animatingDifferences: Bool) {}
}

extension IndexPath {
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var row: Int { self[1] }
}
